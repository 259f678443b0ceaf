/**
 * The operations scripts against a running default install: this process plays the web server
 * (it opens the embedded database in DATA_DIR and shares it, as `npm start` does), and each
 * script runs as its own process, exactly as `npm run <script>` runs it, with only DATA_DIR set.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/client";
import { embeddedOwnerFile } from "@/db/embedded-owner";
import { countCompanies, listPayments, markPaymentSettled, recordPendingPayment } from "@/db/queries";
import { getSummary } from "@/db/queries/summaries";
import { seedIfEmpty } from "@/lib/seed";
import { createPaymentClient } from "@/dev/pay";
import { createLocalFacilitator } from "@/lib/payments/facilitator";
import {
  localChainHistoryFile,
  localChainStateFile,
  markLocalChainStopped,
  startLocalChain,
  writeLocalChainState,
  type LocalChain,
} from "@/dev/chain";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";
import { exactRequirements } from "../support/payments";

const REPO_ROOT = new URL("../../", import.meta.url).pathname;
const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
const RCPT_NO = "20260424000778"; // bundled with its real body

/** Variables of the developer's or CI's shell that would point the scripts elsewhere. */
const OUTSIDE_CONFIGURATION = [
  "DATABASE_URL",
  "DB_DRIVER",
  "DART_API_KEY",
  "DART_API_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "FACILITATOR_URL",
  "X402_PAY_TO",
  "X402_ASSET",
  "X402_NETWORK",
  "X402_RPC_URL",
  "CDP_API_KEY_ID",
  "CDP_API_KEY_SECRET",
];

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<ScriptRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", ...extraEnv };
  for (const name of OUTSIDE_CONFIGURATION) if (!(name in extraEnv)) delete env[name];
  const child = spawn(process.execPath, [TSX_CLI, "--conditions=react-server", `scripts/${script}.ts`, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

let dataDir: string;
let server: Database;
let serverClosed = false;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "ops-running-"));
  server = await openDatabase({ dataDir, shareEmbedded: true });
  await seedIfEmpty(server.db);
}, 120_000);

afterAll(async () => {
  if (!serverClosed) await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("operations scripts while the server has the embedded database open", () => {
  it("records where the server shares the database", async () => {
    const owner = JSON.parse(await readFile(embeddedOwnerFile(dataDir), "utf8"));
    expect(owner).toEqual({ pid: process.pid, host: "127.0.0.1", port: expect.any(Number) });
  });

  it("npm run reclassify", async () => {
    const run = await runScript("reclassify");
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/filings now classified by rules version/);
  }, 60_000);

  it("npm run summarize, whose summary the server then serves", async () => {
    expect(await getSummary(server.db, RCPT_NO)).toBeUndefined();
    const run = await runScript("summarize", ["--rcpt", RCPT_NO]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rcptNo: RCPT_NO, summaryEn: expect.any(String) });
    expect(await getSummary(server.db, RCPT_NO)).toBeDefined();
  }, 60_000);

  describe("with a DART key", () => {
    let dart: FakeDartServer;
    beforeAll(async () => {
      dart = await startFakeDartServer();
    });
    afterAll(() => dart?.close());

    it("npm run companies:sync", async () => {
      const before = await countCompanies(server.db);
      const run = await runScript("companies-sync", [], { DART_API_KEY: dart.apiKey, DART_API_BASE_URL: dart.baseUrl });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^3974 listed companies, \d+ written/);
      expect(before).toBeLessThan(3974); // the bundled directory is older than the fake DART's
      expect(await countCompanies(server.db)).toBeGreaterThanOrEqual(3974);
    }, 120_000);
  });

  describe("with the local chain", () => {
    let chain: LocalChain;
    let settledTx: string;
    beforeAll(async () => {
      chain = await startLocalChain({ payerCount: 1, historyFile: localChainHistoryFile(dataDir) });
      await writeLocalChainState(localChainStateFile(dataDir), chain);
      // One real payment, written to the ledger and settled on chain as a paid route does.
      const requirements = exactRequirements(chain);
      const payment = await createPaymentClient({
        privateKey: chain.payerPrivateKeys[0],
        network: chain.network,
        allowedAsset: chain.asset,
      }).createPaymentPayload({
        x402Version: 2,
        resource: { url: `http://localhost/v1/disclosures/summary?rcptNo=${RCPT_NO}` },
        accepts: [requirements],
      });
      const facilitator = createLocalFacilitator({
        rpcUrl: chain.rpcUrl,
        privateKey: chain.facilitatorPrivateKey,
        network: chain.network,
        pollingIntervalMs: 50,
      });
      const { authorization } = payment.payload as { authorization: { from: string; nonce: string } };
      const id = await recordPendingPayment(server.db, {
        network: chain.network,
        payer: authorization.from,
        payTo: chain.payTo,
        asset: chain.asset,
        amount: 5000n,
        paidEndpoint: "get-summary",
        endpoint: "/v1/disclosures/summary",
        params: { rcptNo: RCPT_NO },
        delivered: [RCPT_NO],
        nonce: authorization.nonce,
        validBefore: new Date(Date.now() + 300_000),
      });
      const settlement = await facilitator.settle(payment, requirements);
      expect(settlement.success).toBe(true);
      settledTx = settlement.transaction;
      await markPaymentSettled(server.db, id!, settlement.transaction);
    }, 120_000);
    afterAll(() => chain?.stop());

    it("npm run payments:reconcile finds the ledger and the chain agree", async () => {
      expect(
        await listPayments(server.db, { network: chain.network, asset: chain.asset, payTo: chain.payTo }),
      ).toHaveLength(1);
      const run = await runScript("payments-reconcile");
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/1 transfers on chain, 1 ledger rows/);
      expect(run.stdout).toMatch(/Gap: 0$/m);
      expect(settledTx).toMatch(/^0x/);
    }, 60_000);

    it("npm run payments:reconcile uses X402_RPC_URL without a local chain state file", async () => {
      const stateFile = localChainStateFile(dataDir);
      const state = await readFile(stateFile, "utf8");
      await rm(stateFile);
      try {
        const run = await runScript("payments-reconcile", [], {
          X402_RPC_URL: chain.rpcUrl,
          X402_PAY_TO: chain.payTo,
          X402_ASSET: chain.asset,
        });
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/Gap: 0$/m);
      } finally {
        await writeFile(stateFile, state);
      }
    }, 60_000);

    it("npm run payments:reconcile after the server and its chain stopped, from the chain's saved history", async () => {
      // What npm start does on its way out: stop the chain (which saved its history as it mined), and Next.
      await chain.stop();
      await markLocalChainStopped(localChainHistoryFile(dataDir));
      await server.close();
      serverClosed = true;
      await expect(readFile(embeddedOwnerFile(dataDir), "utf8")).rejects.toThrow(/ENOENT/);

      const run = await runScript("payments-reconcile");
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/1 transfers on chain, 1 ledger rows/);
      expect(run.stdout).toMatch(/Gap: 0$/m);
    }, 90_000);
  });
});

describe("who may open an embedded data folder", () => {
  it("opens it directly when its recorded owner has exited", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ops-stale-"));
    try {
      const exited = spawn(process.execPath, ["-e", ""]);
      await new Promise((resolve) => exited.once("close", resolve));
      await writeFile(embeddedOwnerFile(folder), JSON.stringify({ pid: exited.pid, host: "127.0.0.1", port: 1 }));
      const database = await openDatabase({ dataDir: folder });
      await database.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a folder a live process has open without sharing it", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ops-busy-"));
    try {
      await writeFile(embeddedOwnerFile(folder), JSON.stringify({ pid: process.ppid }));
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/in use by process \d+, which does not share it/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
