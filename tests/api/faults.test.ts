/**
 * The database unreachable: free and paid routes answer 503 JSON with Retry-After (a server
 * that accepts connections and never answers included: the connect timeout ends the wait),
 * free and paid MCP tools a service_unavailable tool error, /api/health says the database is down, and with PostgreSQL behind a loopback forwarder that
 * is cut and restored, everything recovers without a restart.
 */
import { createServer, Socket, type Server } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { GET as recent } from "@/app/v1/disclosures/recent/route";
import { GET as companies } from "@/app/v1/companies/route";
import { GET as filingsRoute } from "@/app/v1/filings/route";
import { GET as company } from "@/app/v1/companies/[ticker]/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { GET as health } from "@/app/api/health/route";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { call } from "../support/app";
import { errorBodyOf, mcpClient, rawCall } from "../mcp/support";
import { createPostgresDatabase, usingPostgres } from "../../dev/support/database";

const adminUrl = process.env.DATABASE_URL;
const servers: Server[] = [];
async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** Closes the app's database handle if one is open (never opens one). */
async function closeAppDatabase() {
  const state = globalThis as { __database?: Promise<{ close(): Promise<void> }> };
  await state.__database?.then((d) => d.close()).catch(() => undefined);
  state.__database = undefined;
}

async function useDatabaseAt(url: string) {
  await closeAppDatabase();
  process.env.DATABASE_URL = url;
  delete process.env.DART_API_KEY;
  process.env.RATE_LIMIT_PER_MINUTE = "0";
  resetEnv();
}

afterEach(closeAppDatabase);
afterAll(() => {
  for (const server of servers) server.close();
  if (adminUrl) process.env.DATABASE_URL = adminUrl;
  else delete process.env.DATABASE_URL;
  delete process.env.RATE_LIMIT_PER_MINUTE;
  resetEnv();
});

async function expectUnavailable(
  response: Promise<{ status: number; headers: Headers; body: { error: string; retryAfter?: number } }>,
) {
  const res = await response;
  expect(res.status).toBe(503);
  expect(res.body.error).toBe("service_unavailable");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
}

describe("database unreachable", () => {
  it("a refused connection: 503 with Retry-After on free and paid routes; health says the database is down", async () => {
    const port = await listen((socket) => socket.destroy());
    await useDatabaseAt(`postgres://nobody:x@127.0.0.1:${port}/none`);
    await expectUnavailable(call(recent, "/v1/disclosures/recent"));
    await expectUnavailable(call(companies, "/v1/companies?q=samsung"));
    await expectUnavailable(call(company, "/v1/companies/005930", { ticker: "005930" }));
    await expectUnavailable(call(summary, "/v1/disclosures/summary?rcptNo=20260424000778")); // no challenge, no charge
    const mcp = await mcpClient();
    try {
      for (const [tool, args] of [
        ["get_company", { ticker: "005930" }],
        ["list_recent_filings", {}],
        ["get_filing_summary", { rcptNo: "20260424000778" }],
      ] as const) {
        const result = await rawCall(mcp, tool, args);
        expect(result.isError, tool).toBe(true);
        expect(errorBodyOf(result), tool).toMatchObject({ error: "service_unavailable", retryAfter: 5 });
      }
    } finally {
      await mcp.close();
    }
    const res = await health(new Request("http://localhost/api/health"));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "down", database: { reachable: false } });
    // Pages that read the database are answered before rendering: a page saying so, 503.
    for (const path of [
      "/",
      "/feed/latest",
      "/companies?q=kia",
      "/companies/005930",
      "/filings/20260424000778",
      "/docs",
    ]) {
      const page = await proxy(new NextRequest(`http://localhost${path}`));
      expect(page.status, path).toBe(503);
      expect(page.headers.get("retry-after"), path).toBe("5");
      expect(await page.text(), path).toContain("Temporarily unavailable");
    }
    expect((await proxy(new NextRequest("http://localhost/my-summaries"))).status).toBe(200); // reads no database
  });

  it("a server that accepts and never answers: 503 once the connect timeout ends the wait", async () => {
    const held: Socket[] = [];
    const port = await listen((socket) => held.push(socket));
    await useDatabaseAt(`postgres://nobody:x@127.0.0.1:${port}/none`);
    await expectUnavailable(call(recent, "/v1/disclosures/recent?limit=2"));
    for (const socket of held) socket.destroy();
  }, 10_000);

  it.skipIf(!usingPostgres)(
    "recovers without a restart when PostgreSQL comes back",
    async () => {
      process.env.DATABASE_URL = adminUrl; // the server's, which earlier tests pointed elsewhere
      const created = await createPostgresDatabase();
      const target = new URL(created.url);
      let up = true;
      const open = new Set<Socket>();
      const port = await listen((client) => {
        if (!up) return client.destroy();
        const server = new Socket();
        server.connect(Number(target.port || 5432), target.hostname);
        open.add(client).add(server);
        client.pipe(server).pipe(client);
        const close = () => {
          client.destroy();
          server.destroy();
        };
        client.on("error", close).on("close", close);
        server.on("error", close).on("close", close);
      });
      const through = new URL(created.url);
      through.port = String(port);
      through.hostname = "127.0.0.1";
      await useDatabaseAt(through.toString());
      try {
        expect((await call(companies, "/v1/companies?q=samsung")).status).toBe(200);
        expect((await call(filingsRoute, "/v1/filings?q=treasury")).status).toBe(200);

        up = false;
        for (const socket of open) socket.destroy();
        open.clear();
        // Company search answers from the directory held in memory, read before the outage.
        expect((await call(companies, "/v1/companies?q=hyundai")).status).toBe(200);
        await expectUnavailable(call(company, "/v1/companies/000270", { ticker: "000270" })); // not cached yet
        await expectUnavailable(call(filingsRoute, "/v1/filings?q=dividend")); // a search by words, in its transaction
        expect((await health(new Request("http://localhost/api/health"))).status).toBe(503);

        up = true;
        let status = 0;
        for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
          status = (await call(companies, `/v1/companies?q=kia&limit=${attempt + 1}`)).status;
        }
        expect(status).toBe(200);
        expect((await call(filingsRoute, "/v1/filings?q=merger")).status).toBe(200);
        expect((await health(new Request("http://localhost/api/health"))).status).toBe(200);
      } finally {
        await closeAppDatabase();
        await created.drop();
      }
    },
    60_000,
  );
});
