/**
 * The paid routes on the default embedded database (PGlite) when it cannot be opened because
 * another process holds its data folder without sharing it (an operations script started while
 * no server ran): 503 with Retry-After, no challenge; a challenge again once the folder is free,
 * without a restart. Real route handlers, @x402 stack and Hardhat chain.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { embeddedOwnerFile } from "@/db/embedded-owner";
import { resetEnv } from "@/lib/env";
import { localChainStateFile, startLocalChain, writeLocalChainState, type LocalChain } from "@/dev/chain";
import { appFetch, challengeFrom } from "../support/payments";

const SUMMARY_URL = "http://localhost:3000/v1/disclosures/summary?rcptNo=20260424000778";
const app = appFetch({ "/v1/disclosures/summary": summary });

let chain: LocalChain;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "db-busy-"));
  chain = await startLocalChain({ payerCount: 1 });
  await writeLocalChainState(localChainStateFile(dataDir), chain);
  for (const name of [
    "DATABASE_URL",
    "DB_DRIVER",
    "FACILITATOR_URL",
    "X402_PAY_TO",
    "X402_ASSET",
    "CDP_API_KEY_ID",
    "CDP_API_KEY_SECRET",
    "DART_API_KEY",
  ]) {
    delete process.env[name];
  }
  process.env.DATA_DIR = dataDir;
  resetEnv();
}, 120_000);

afterAll(async () => {
  const { getDatabase } = await import("@/lib/database");
  await (await getDatabase()).close();
  await chain?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it("answers 503 with Retry-After while another process holds the data folder, and challenges once it is free", async () => {
  // A live process (our parent) that has the folder open and does not share it.
  await writeFile(embeddedOwnerFile(dataDir), JSON.stringify({ pid: process.ppid }));
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const busy = await app(SUMMARY_URL);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(busy.headers.get("payment-required")).toBeNull();
    expect(await busy.json()).toMatchObject({ error: "service_unavailable" });
  } finally {
    logged.mockRestore();
  }

  await rm(embeddedOwnerFile(dataDir));
  const challenged = await app(SUMMARY_URL);
  expect(challenged.status).toBe(402);
  expect(challengeFrom(challenged).accepts[0]).toMatchObject({ amount: "5000", payTo: chain.payTo });
}, 60_000);
