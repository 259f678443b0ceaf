/**
 * The development wallet's routes exist only with the local payment stack: they answer the
 * local chain's RPC and one funded test key when payments settle on the local chain, and the
 * same 404 as an unknown path in every other configuration. The key goes only to this machine's
 * own browser: the connection's peer (as the self-hosted server passes it on, lib/server) is a
 * loopback address the request was not forwarded for, the Host a loopback name, and no other
 * site asks.
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
/** A request as the self-hosted server hands it on from this machine's browser, with `headers` added or changed. */
function walletRequest(headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/api/local-chain/development-wallet", {
    headers: {
      host: "localhost:3000",
      "x-dart-connection-peer": "127.0.0.1",
      "x-forwarded-for": "127.0.0.1",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
  });
}

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
    const wallet = await getDevelopmentWallet(walletRequest());
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
      await getDevelopmentWallet(walletRequest()),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/0x[0-9a-fA-F]{64}/);
    }
  });

  it("404 when no local chain runs", async () => {
    expect((await getDevelopmentWallet(walletRequest())).status).toBe(404);
    expect((await getLocalChain(new Request("http://localhost/api/local-chain"))).status).toBe(404);
  });

  it("404 when the configured network is not the local chain's", async () => {
    await writeLocalChainState(localChainStateFile(dataDir), state);
    process.env.X402_NETWORK = "eip155:84532";
    resetEnv();
    expect((await getDevelopmentWallet(walletRequest())).status).toBe(404);
  });

  it("404 to anyone but this machine's own browser, whatever the proxies in front", async () => {
    await writeLocalChainState(localChainStateFile(dataDir), state);
    const key = async (headers: Record<string, string>) => {
      const response = await getDevelopmentWallet(walletRequest(headers));
      const text = await response.text();
      return response.status === 200 && /0x[0-9a-fA-F]{64}/.test(text) ? "key" : response.status;
    };
    expect(await key({})).toBe("key");
    expect(await key({ "sec-fetch-site": "none" })).toBe("key"); // the reader typed the address
    expect(await key({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).toBe("key");
    expect(await key({ host: "[::1]:3000", "x-dart-connection-peer": "::1", "x-forwarded-for": "::1" })).toBe("key");
    // TRUSTED_PROXY_COUNT=1 behind a proxy on this machine: the server names the client it forwarded for.
    expect(await key({ "x-forwarded-for": "203.0.113.7" })).toBe(404);
    expect(await key({ "x-dart-connection-peer": "203.0.113.7", "x-forwarded-for": "203.0.113.7" })).toBe(404);
    // Without the self-hosted server nothing names the peer.
    const unnamed = walletRequest();
    unnamed.headers.delete("x-dart-connection-peer");
    expect((await getDevelopmentWallet(unnamed)).status).toBe(404);
    expect(await key({ host: "evil.example" })).toBe(404);
    expect(await key({ host: "localhost.evil.example:3000" })).toBe(404);
    expect(await key({ origin: "https://evil.example" })).toBe(404);
    expect(await key({ "sec-fetch-site": "cross-site" })).toBe(404);
    expect(await key({ "sec-fetch-site": "same-site" })).toBe(404);
  });
});
