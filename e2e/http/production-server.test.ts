/**
 * The production build as a client sees it: `npm start` (the self-hosted server) on a free port with a fresh data
 * folder (bundled snapshot, local payment stack), checked over real HTTP — routing, rewrites,
 * the proxy's CORS and 405 handling, and the documents.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

let server: ServerProcess;
let base: string;
const output: string[] = [];

beforeAll(async () => {
  server = await startProductionServer({ onOutput: (line) => output.push(line) });
  base = server.base;
});

afterAll(() => server?.stop());

describe("production server", () => {
  it("says it is ready only once it has rendered / (a person opens it when the log says so)", async () => {
    for (let i = 0; i < 1200 && !output.some((l) => l.includes("[server] ready on")); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const listening = output.findIndex((l) => /\[server\] production server listening on .*rendering \/ once/.test(l));
    const ready = output.findIndex((l) =>
      /\[server\] ready on http:\/\/127\.0\.0\.1:\d+ \(first \/ rendered in \d+ ms, status 200\)/.test(l),
    );
    // Both lines come from one writer (console), so their order is the order they were written;
    // the ready line's status is the warm-up's own answer, so "ready" follows a rendered /.
    expect(listening, output.join("\n")).toBeGreaterThanOrEqual(0);
    expect(ready, output.join("\n")).toBeGreaterThan(listening);
  });

  it("serves the explorer page with the snapshot's filings", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    // React separates adjacent text nodes with empty comments.
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("DART in English");
    expect(html).toContain("data as of 2026-07-16");
  });

  it("serves the free feed with its headers", async () => {
    const res = await fetch(`${base}/v1/disclosures/recent?limit=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-data-mode")).toBe("snapshot");
    expect((await res.json()).filings).toHaveLength(3);
  });

  it("answers preflights and refuses other methods", async () => {
    const preflight = await fetch(`${base}/v1/disclosures/summary?rcptNo=20260730800123`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.com",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "payment-signature",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("PAYMENT-SIGNATURE");
    const post = await fetch(`${base}/v1/companies?q=samsung`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect((await post.json()).error).toBe("method_not_allowed");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await fetch(`${base}/v1/does-not-exist`);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe("not_found");
  });

  it.each([
    "/.well-known/x402",
    "/.well-known/x402.json",
    "/.well-known/agent.json",
    "/openapi.json",
    "/v1/pricing",
    "/v1/vocabulary",
    "/llms.txt",
  ])("serves %s", async (p) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("challenges an unpaid summary request with 402", async () => {
    const res = await fetch(`${base}/v1/disclosures/summary?rcptNo=20260730800123`);
    expect(res.status).toBe(402);
    const header = res.headers.get("payment-required");
    expect(header).toBeTruthy();
    expect(await res.json()).toEqual(JSON.parse(Buffer.from(header!, "base64").toString("utf8")));
  });
});
