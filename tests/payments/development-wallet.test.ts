/**
 * The development wallet's routes exist only with the local payment stack: they answer the
 * local chain's RPC and one funded test key when payments settle on the local chain, and the
 * same 404 as an unknown path in every other configuration.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as getDevelopmentWallet } from "@/app/api/local-chain/development-wallet/route";
import { GET as getLocalChain } from "@/app/api/local-chain/route";
import { resetEnv } from "@/lib/env";
import {
  LOCAL_CHAIN_ID,
  LOCAL_NETWORK,
  localChainStateFile,
  localChainTestKeys,
  writeLocalChainState,
  type LocalChainState,
} from "@/dev/chain";

const keys = localChainTestKeys();
const state: LocalChainState = {
  rpcUrl: "http://127.0.0.1:18545",
  chainId: LOCAL_CHAIN_ID,
  network: LOCAL_NETWORK,
  asset: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  payTo: privateKeyToAccount(keys[2]).address,
  facilitatorPrivateKey: keys[1],
  payerPrivateKeys: [keys[3], keys[4], keys[5]],
};
const VARIABLES = [
  "DATA_DIR",
  "FACILITATOR_URL",
  "X402_PAY_TO",
  "X402_NETWORK",
  "X402_ASSET",
  "CDP_API_KEY_ID",
  "CDP_API_KEY_SECRET",
];
let saved: Record<string, string | undefined>;
let dataDir: string;

beforeEach(async () => {
  saved = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));
  for (const v of VARIABLES) delete process.env[v];
  dataDir = await mkdtemp(join(tmpdir(), "dev-wallet-"));
  process.env.DATA_DIR = dataDir;
  resetEnv();
});

afterEach(async () => {
  for (const [v, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[v];
    else process.env[v] = value;
  }
  resetEnv();
  await rm(dataDir, { recursive: true, force: true });
});

describe("development wallet routes", () => {
  it("with the local stack: the chain's RPC, and its last funded payer's key, never cached", async () => {
    await writeLocalChainState(localChainStateFile(dataDir), state);
    const chain = await getLocalChain(new Request("http://localhost/api/local-chain"));
    expect(chain.status).toBe(200);
    expect(await chain.json()).toEqual({ rpcUrl: state.rpcUrl, chainId: LOCAL_CHAIN_ID });
    const wallet = await getDevelopmentWallet(new Request("http://localhost/api/local-chain/development-wallet"));
    expect(wallet.status).toBe(200);
    expect(wallet.headers.get("cache-control")).toBe("no-store");
    expect(wallet.headers.get("access-control-allow-origin")).toBeNull();
    expect(await wallet.json()).toEqual({ privateKey: keys[5], address: privateKeyToAccount(keys[5]).address });
  });

  it("404 with a hosted facilitator, even when a local chain's state file is present", async () => {
    await writeLocalChainState(localChainStateFile(dataDir), state);
    process.env.FACILITATOR_URL = "https://facilitator.example/";
    process.env.X402_PAY_TO = state.payTo;
    resetEnv();
    for (const response of [
      await getLocalChain(new Request("http://localhost/api/local-chain")),
      await getDevelopmentWallet(new Request("http://localhost/api/local-chain/development-wallet")),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/0x[0-9a-fA-F]{64}/);
    }
  });

  it("404 when no local chain runs", async () => {
    expect(
      (await getDevelopmentWallet(new Request("http://localhost/api/local-chain/development-wallet"))).status,
    ).toBe(404);
    expect((await getLocalChain(new Request("http://localhost/api/local-chain"))).status).toBe(404);
  });

  it("404 when the configured network is not the local chain's", async () => {
    await writeLocalChainState(localChainStateFile(dataDir), state);
    process.env.X402_NETWORK = "eip155:84532";
    resetEnv();
    expect(
      (await getDevelopmentWallet(new Request("http://localhost/api/local-chain/development-wallet"))).status,
    ).toBe(404);
  });
});
