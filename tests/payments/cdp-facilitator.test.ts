/**
 * Mainnet's facilitator: Coinbase CDP, authenticated per call with a JWT signed by the API key.
 * Base mainnet and CDP cannot be reached from here, so a local stand-in HTTP facilitator speaks
 * the facilitator protocol and checks every request's authentication the way CDP documents it
 * (EdDSA JWT: kid and sub = key id, iss "cdp", uris = "<METHOD> <host><path>", short expiry).
 * Everything on our side is real: the environment module, the payment configuration, the
 * resource server and @x402/core's HTTPFacilitatorClient with @coinbase/x402's headers.
 */
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { createPaymentClient } from "@/dev/pay";
import { USDC_BY_NETWORK } from "@/lib/interface";
import { CDP_FACILITATOR_URL, createPaymentStack, resolvePaymentConfig } from "@/lib/payments";
import { exactRequirements } from "../support/payments";

const KEY_ID = "organizations/test-org/apiKeys/test-key";
const PAY_TO = "0x1111111111111111111111111111111111111111";
const USDC_BASE = USDC_BY_NETWORK["eip155:8453"];
/** CDP's facilitator path, which the JWT's `uris` claim names whatever URL is called. */
const CDP_PATH = "api.cdp.coinbase.com/platform/v2/x402";

interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  correlation?: string;
  body: string;
}

/** A CDP API key of the Ed25519 kind: base64 of the 32-byte seed and the 32-byte public key. */
function ed25519ApiKey(): { secret: string; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const { d, x } = privateKey.export({ format: "jwk" });
  return {
    secret: Buffer.concat([Buffer.from(d!, "base64url"), Buffer.from(x!, "base64url")]).toString("base64"),
    publicKey,
  };
}

/** The claims of a JWT whose EdDSA signature `publicKey` verifies, else undefined. */
function verifiedClaims(token: string, publicKey: KeyObject) {
  const [header, payload, signature] = token.split(".");
  const signed = verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, "base64url"));
  if (!signed) return undefined;
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>,
  };
}

let standIn: Server;
let standInUrl: string;
const seen: SeenRequest[] = [];
const apiKey = ed25519ApiKey();

beforeAll(async () => {
  standIn = createServer(async (req: IncomingMessage, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const path = new URL(req.url!, "http://x").pathname;
    seen.push({
      method: req.method!,
      path,
      authorization: req.headers.authorization,
      correlation: req.headers["correlation-context"] as string,
      body,
    });
    const reply = (status: number, json: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    const token = req.headers.authorization?.replace(/^Bearer /, "");
    const operation = path.split("/").at(-1);
    const verified = token
      ? verifiedClaims(token, createPublicKey(apiKey.publicKey.export({ format: "pem", type: "spki" })))
      : undefined;
    if (!verified || verified.claims.uris?.toString() !== `${req.method} ${CDP_PATH}/${operation}`)
      return reply(401, { error: "unauthorized" });
    if (operation === "supported")
      return reply(200, {
        kinds: [{ x402Version: 2, scheme: "exact", network: "eip155:8453" }],
        extensions: [],
        signers: {},
      });
    const { paymentPayload } = JSON.parse(body) as { paymentPayload: { payload: { authorization: { from: string } } } };
    const payer = paymentPayload.payload.authorization.from;
    if (operation === "verify") return reply(200, { isValid: true, payer });
    if (operation === "settle")
      return reply(200, { success: true, transaction: `0x${"ab".repeat(32)}`, network: "eip155:8453", payer });
    reply(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/platform/v2/x402`;
});

afterAll(() => new Promise<void>((resolve) => standIn?.close(() => resolve())));

const mainnet = (vars: Record<string, string>) =>
  parseEnv({ DATA_DIR: "/nonexistent", X402_NETWORK: "eip155:8453", X402_PAY_TO: PAY_TO, ...vars });

describe("the CDP facilitator on Base mainnet", () => {
  it("is the facilitator when CDP keys are set without FACILITATOR_URL, paying USDC on Base", () => {
    const config = resolvePaymentConfig(
      mainnet({ CDP_API_KEY_ID: KEY_ID, CDP_API_KEY_SECRET: apiKey.secret }),
      undefined,
    );
    expect(config).toMatchObject({ network: "eip155:8453", asset: USDC_BASE, payTo: PAY_TO });
    expect(config.facilitator.facilitatorUrl).toBe(CDP_FACILITATOR_URL);
    expect(config.facilitator.createAuthHeaders).toBeTypeOf("function");
  });

  it("needs both keys and a payTo wallet", () => {
    expect(() => mainnet({ CDP_API_KEY_ID: KEY_ID })).toThrow(/CDP_API_KEY_SECRET/);
    expect(() => parseEnv({ CDP_API_KEY_ID: KEY_ID, CDP_API_KEY_SECRET: apiKey.secret })).toThrow(/X402_PAY_TO/);
  });

  it("signs /supported, /verify and /settle with the API key, and a payment goes through", async () => {
    const config = resolvePaymentConfig(
      mainnet({ FACILITATOR_URL: standInUrl, CDP_API_KEY_ID: KEY_ID, CDP_API_KEY_SECRET: apiKey.secret }),
      undefined,
    );
    const { server } = await createPaymentStack(config); // asks /supported

    const requirements = exactRequirements({ network: "eip155:8453", asset: USDC_BASE, payTo: PAY_TO });
    const payerKey = generatePrivateKey();
    const payment = await createPaymentClient({ privateKey: payerKey, network: "eip155:8453" }).createPaymentPayload({
      x402Version: 2,
      resource: { url: "https://dart.example/v1/disclosures/summary?rcptNo=20260716900971" },
      accepts: [requirements],
    });
    expect(await server.verifyPayment(payment, requirements)).toMatchObject({ isValid: true });
    expect(await server.settlePayment(payment, requirements)).toMatchObject({ success: true, network: "eip155:8453" });

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /platform/v2/x402/supported",
      "POST /platform/v2/x402/verify",
      "POST /platform/v2/x402/settle",
    ]);
    const now = Date.now() / 1000;
    for (const request of seen) {
      const { header, claims } = verifiedClaims(request.authorization!.replace(/^Bearer /, ""), apiKey.publicKey)!;
      expect(header).toMatchObject({ alg: "EdDSA", kid: KEY_ID, typ: "JWT" });
      expect(claims).toMatchObject({
        sub: KEY_ID,
        iss: "cdp",
        uris: [`${request.method} ${CDP_PATH}/${request.path.split("/").at(-1)}`],
      });
      expect(claims.exp as number).toBeGreaterThan(now);
      expect((claims.exp as number) - now).toBeLessThanOrEqual(300);
      expect(request.correlation).toMatch(/source=x402/);
      expect(JSON.stringify(request)).not.toContain(apiKey.secret);
    }
    expect(JSON.parse(seen[1].body).paymentPayload.payload.authorization.from).toBe(
      privateKeyToAccount(payerKey).address,
    );
  });

  it("is refused by CDP's scheme with a wrong key: payments are then unavailable, never free", async () => {
    const config = resolvePaymentConfig(
      mainnet({ FACILITATOR_URL: standInUrl, CDP_API_KEY_ID: KEY_ID, CDP_API_KEY_SECRET: ed25519ApiKey().secret }),
      undefined,
    );
    // The library logs the 401 on its way.
    const quiet = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")].map((spy) =>
      spy.mockImplementation(() => {}),
    );
    try {
      await expect(createPaymentStack(config)).rejects.toThrow(/did not answer \/supported/);
    } finally {
      for (const spy of quiet) spy.mockRestore();
    }
  });
});
