/**
 * PostgreSQL stopped under the running production server (a cluster of the test's own, see
 * dev/support/postgres-server.ts): pages that read the database (search at /filings included)
 * answer a styled 503 page with Retry-After (not Next.js's 500), the API and /api/health 503 JSON
 * with Retry-After, MCP tools a service_unavailable tool error;
 * when PostgreSQL is back, everything answers again without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPayingMcpClient } from "@/dev/pay";
import { postgresInstalled, startTestPostgres, type TestPostgres } from "../../dev/support/postgres-server";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

const PAGES = [
  "/",
  "/companies?q=samsung",
  "/companies/005930",
  "/filings",
  "/filings?q=samsung",
  "/filings/20260424000778",
  "/docs",
];

let postgres: TestPostgres;
let server: ServerProcess;

beforeAll(async () => {
  if (!postgresInstalled) return;
  postgres = await startTestPostgres();
  server = await startProductionServer({ quiet: true, env: { DATABASE_URL: postgres.url } });
});
afterAll(async () => {
  await server?.stop();
  postgres?.destroy();
});

const get = (path: string) => fetch(`${server.base}${path}`);

describe.skipIf(!postgresInstalled)("PostgreSQL stopped mid-run", () => {
  it("pages answer while it runs", async () => {
    for (const path of PAGES) expect((await get(path)).status, path).toBe(200);
  });

  it("pages answer a styled 503 with Retry-After, the API 503 JSON, MCP service_unavailable; all back once it is", async () => {
    postgres.stop();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // the pages' probe verdict stands a second

      for (const path of PAGES) {
        const page = await get(path);
        expect(page.status, path).toBe(503);
        expect(page.headers.get("retry-after"), path).toBe("5");
        expect(page.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(page.headers.get("content-security-policy"), path).toBeTruthy();
        const html = await page.text();
        expect(html, path).toContain("Temporarily unavailable");
        expect(html, path).toContain("DART <span>in English</span>"); // the site header
      }

      const health = await get("/api/health");
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBe("5");
      expect(await health.json()).toMatchObject({ status: "down" });

      const api = await get("/v1/disclosures/recent?limit=2");
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
      expect(await api.json()).toMatchObject({ error: "service_unavailable", retryAfter: 5 });

      for (const sdk of [1, 2] as const) {
        const mcp = await connectPayingMcpClient({ url: `${server.base}/mcp`, sdk });
        try {
          for (const [tool, args] of [
            ["get_company", { ticker: "005930" }],
            ["get_filing_summary", { rcptNo: "20260424000778" }],
          ] as const) {
            const { result } = await mcp.callTool(tool, args);
            expect(result.isError, `${sdk}.x ${tool}`).toBe(true);
            const body = JSON.parse((result.content[0] as { text: string }).text);
            expect(body, `${sdk}.x ${tool}`).toMatchObject({ error: "service_unavailable", retryAfter: 5 });
          }
        } finally {
          await mcp.close();
        }
      }
    } finally {
      postgres.start();
    }

    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await get("/companies/005930")).status;
    }
    expect(status).toBe(200);
    for (const path of PAGES) expect((await get(path)).status, path).toBe(200);
    expect((await get("/v1/disclosures/recent?limit=2")).status).toBe(200);
  });
});
