/**
 * The paid routes when the database cannot be reached: 503 JSON with Retry-After, never a
 * challenge and never a charge, and paid service again once it is back, without a restart.
 *
 * The app uses node-postgres through a local TCP relay that the test closes and reopens on the
 * same port: "unreachable" is a refused connection, as with a stopped server. Behind the relay is
 * the PostgreSQL server of DATABASE_URL when set, else an embedded database served on a socket.
 * Everything else is real: route handlers, @x402 facilitator, Hardhat chain, @x402 client.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as byTicker } from "@/app/v1/disclosures/by-ticker/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { openDatabase, type Database } from "@/db/client";
import { embeddedOwnerFile } from "@/db/embedded-owner";
import { resetEnv } from "@/lib/env";
import {
  localChainDefinition,
  localChainStateFile,
  startLocalChain,
  testUsdcAbi,
  writeLocalChainState,
  type LocalChain,
} from "@/dev/chain";
import { createPostgresDatabase, usingPostgres } from "../../dev/support/database";
import { addressOf, appFetch, challengeFrom, PAYMENT_VARIABLES, signPayment } from "../support/payments";

const BASE = "http://localhost:3000";
const SUMMARY_URL = `${BASE}/v1/disclosures/summary?rcptNo=20260424000778`;
const BY_TICKER_URL = `${BASE}/v1/disclosures/by-ticker?ticker=005930&limit=2`;
const app = appFetch({ "/v1/disclosures/summary": summary, "/v1/disclosures/by-ticker": byTicker });

/** A TCP relay to `target` that can refuse connections (and drop open ones) and take them again. */
async function startRelay(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  const listen = (port: number) =>
    new Promise<Server>((resolve) => {
      const server = createServer((client) => {
        const upstream = connect(target);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on("close", () => open.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve(server));
    });
  let server: Server | undefined = await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    async down() {
      const closing = server;
      server = undefined;
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => closing?.close(() => resolve()));
    },
    async up() {
      server ??= await listen(port);
    },
  };
}

let chain: LocalChain;
let dataDir: string;
let relay: Awaited<ReturnType<typeof startRelay>>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "db-unreachable-"));
  chain = await startLocalChain({ payerCount: 1 });
  await writeLocalChainState(localChainStateFile(dataDir), chain);

  let backend: URL;
  if (usingPostgres) {
    const created = await createPostgresDatabase();
    backend = new URL(created.url);
    cleanup = created.drop;
  } else {
    const serverDir = await mkdtemp(join(tmpdir(), "db-unreachable-server-"));
    const embedded: Database = await openDatabase({ dataDir: serverDir, shareEmbedded: true });
    const { port } = JSON.parse(await readFile(embeddedOwnerFile(serverDir), "utf8")) as { port: number };
    backend = new URL(`postgres://postgres@127.0.0.1:${port}/postgres`);
    cleanup = async () => {
      await embedded.close();
      await rm(serverDir, { recursive: true, force: true });
    };
  }
  relay = await startRelay({ host: backend.hostname, port: Number(backend.port || 5432) });
  const viaRelay = new URL(backend);
  viaRelay.hostname = "127.0.0.1";
  viaRelay.port = String(relay.port);

  process.env.DATABASE_URL = viaRelay.toString();
  process.env.DATA_DIR = dataDir;
  for (const name of ["DB_DRIVER", ...PAYMENT_VARIABLES, "DART_API_KEY"]) delete process.env[name];
  resetEnv();
}, 120_000);

afterAll(async () => {
  await relay?.up();
  const { getDatabase } = await import("@/lib/database");
  await (await getDatabase()).close().catch(() => undefined);
  await relay?.down();
  await cleanup?.();
  await chain?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const balanceOf = (account: `0x${string}`) =>
  createPublicClient({ chain: localChainDefinition(chain.rpcUrl), transport: http(chain.rpcUrl) }).readContract({
    address: chain.asset,
    abi: testUsdcAbi,
    functionName: "balanceOf",
    args: [account],
  });

/** A 503 that names the database as the reason, asks to retry, and offers nothing to pay. */
async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("payment-required")).toBeNull();
  expect(await response.json()).toMatchObject({ error: "service_unavailable" });
}

describe("paid routes while the database cannot be reached", () => {
  it("refuse with 503 and Retry-After, take no payment, and sell again once it is back", async () => {
    const challenge = challengeFrom(await app(SUMMARY_URL)); // database up: migrated, seeded, challenged
    const key = chain.payerPrivateKeys[0];
    const { header } = await signPayment(chain, key, challenge);
    const before = await balanceOf(addressOf(key));

    await relay.down();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expectUnavailable(await app(SUMMARY_URL));
      await expectUnavailable(await app(BY_TICKER_URL));
      await expectUnavailable(await app(SUMMARY_URL, { headers: { "PAYMENT-SIGNATURE": header } }));
    } finally {
      logged.mockRestore();
    }
    expect(await balanceOf(addressOf(key))).toBe(before);

    await relay.up();
    const paid = await app(SUMMARY_URL, { headers: { "PAYMENT-SIGNATURE": header } });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ rcptNo: "20260424000778", summaryEn: expect.any(String) });
    expect(await balanceOf(addressOf(key))).toBe(before - 5000n);
  }, 90_000); // the first request opens, migrates and seeds the app's database
});
