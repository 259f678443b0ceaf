/**
 * The production build as a client sees it: `next start` on a free port with a fresh data
 * folder (bundled snapshot, local payment stack), checked over real HTTP — routing, rewrites,
 * the proxy's CORS and 405 handling, and the documents.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: ChildProcess;
let base: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-"));
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_BASE_URL: base };
  delete env.DATABASE_URL; // the embedded default, as the README's first command runs it
  delete env.DART_API_KEY;
  server = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: "inherit", detached: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("production server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("production server", () => {
  it("serves the explorer page with the snapshot's filings", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
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
      headers: { Origin: "https://example.com", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "payment-signature" },
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

  it.each(["/.well-known/x402", "/.well-known/x402.json", "/.well-known/agent.json", "/openapi.json", "/v1/pricing", "/v1/vocabulary", "/llms.txt"])(
    "serves %s",
    async (p) => {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    },
  );

  it("challenges an unpaid summary request with 402", async () => {
    const res = await fetch(`${base}/v1/disclosures/summary?rcptNo=20260730800123`);
    expect(res.status).toBe(402);
    const header = res.headers.get("payment-required");
    expect(header).toBeTruthy();
    expect(await res.json()).toEqual(JSON.parse(Buffer.from(header!, "base64").toString("utf8")));
  });
});
