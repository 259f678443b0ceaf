/**
 * What a wallet sign-in (SIGN-IN-WITH-X) that does not hold is answered, and where sign-in is
 * accepted: a malformed proof is the client's mistake (402 with `invalid_siwx_payload` on a paid
 * route and tool, so the client can pay instead; 400 on /v1/auth/purchases), never a 5xx; a chain
 * that cannot say whether a smart wallet signed is an outage (503 within PAYMENT_TIMEOUT_MS); a
 * 402's sign-in entry carries its JSON schema; and sign-in works at every origin of the service
 * (any loopback name locally, the declared PUBLIC_ALIASES in production).
 *
 * Real parts: the route handlers in-process, @x402/next and the @x402 facilitator on a Hardhat
 * chain, @x402/extensions' own sign-in client code, the official MCP SDK client, the app's database.
 */
import { createSIWxPayload, encodeSIWxHeader, type SIWxPayload } from "@x402/extensions/sign-in-with-x";
import fc from "fast-check";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as nonce } from "@/app/v1/auth/nonce/route";
import { GET as purchases } from "@/app/v1/auth/purchases/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { parseEnv, resetEnv } from "@/lib/env";
import { signInChallenge, type SignInChallenge } from "@/lib/interface/schemas";
import { paymentRequiredOf } from "@/lib/mcp/x402";
import { errorBodyOf, mcpClient, rawCall } from "../mcp/support";
import { addressOf, appFetch, challengeFrom, payingAgent, setUpPaymentTestStack } from "../support/payments";

const BASE = "http://localhost:3000";
const RCPT_NO = "20260730800123";
const app = appFetch({
  "/v1/disclosures/summary": summary,
  "/v1/auth/nonce": nonce,
  "/v1/auth/purchases": purchases,
});

const stack = setUpPaymentTestStack();
let buyer: Hex;
beforeAll(async () => {
  [buyer] = await stack.fundedWallets(1);
  expect((await payingAgent(app, stack.chain, buyer)(`${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`)).status).toBe(
    200,
  );
});
afterAll(async () => {
  stack.chain?.resume();
});
afterEach(() => {
  for (const name of ["PUBLIC_BASE_URL", "PUBLIC_ALIASES", "PAYMENT_TIMEOUT_MS"]) delete process.env[name];
  resetEnv();
});

async function challengeAt(origin: string, host?: string): Promise<SignInChallenge> {
  const response = await app(`${origin}/v1/auth/nonce`, host ? { headers: { Host: host } } : {});
  expect(response.status).toBe(200);
  return signInChallenge.parse(await response.json());
}

/** `key`'s sign-in over a fresh challenge of `origin`, as @x402/extensions' client signs it there. */
async function signIn(key: Hex, origin = BASE): Promise<SIWxPayload> {
  const { info, supportedChains } = await challengeAt(origin);
  const chain = supportedChains[0];
  return createSIWxPayload(
    { ...info, chainId: chain.chainId, type: chain.type },
    privateKeyToAccount(key),
    `${origin}/`,
  );
}

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

/** Proofs no EIP-4361 message can be built from, each named by what is wrong with it. */
async function malformedProofs(): Promise<[string, string][]> {
  const valid = await signIn(buyer);
  const changed = (changes: Record<string, unknown>) => encodeSIWxHeader({ ...valid, ...changes } as SIWxPayload);
  const unsigned: Partial<SIWxPayload> = { ...valid };
  delete unsigned.signature;
  return [
    ["version 2", changed({ version: "2" })],
    ["empty version", changed({ version: "" })],
    ["short address", changed({ address: "0x1234" })],
    ["address of 41 hex digits", changed({ address: `${valid.address}a` })],
    ["short nonce", changed({ nonce: "abc" })],
    ["nonce with spaces", changed({ nonce: "abcd efgh ijkl" })],
    ["issuedAt not RFC 3339", changed({ issuedAt: "yesterday at noon" })],
    ["newline in uri", changed({ uri: `${BASE}/\nExpiration Time: 2999-01-01T00:00:00Z` })],
    ["newline in statement", changed({ statement: "Sign in\nURI: https://evil.example/" })],
    ["newline in requestId", changed({ requestId: "a\nb" })],
    ["resources not URIs", changed({ resources: ["not a uri", "also not"] })],
    ["no signature", encodeSIWxHeader(unsigned as SIWxPayload)],
    ["nonce a number", changed({ nonce: 12345678 })],
    ["not JSON", Buffer.from("{not json").toString("base64")],
    ["JSON, not an object", base64Json(["a", 1])],
    ["not base64", "not base64 at all!"],
  ];
}

describe("a malformed sign-in proof", () => {
  it("on a paid route: the 402 challenge, saying invalid_siwx_payload, so the client can pay instead", async () => {
    for (const [what, proof] of await malformedProofs()) {
      const response = await app(`${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`, {
        headers: { "SIGN-IN-WITH-X": proof },
      });
      expect(response.status, what).toBe(402);
      const challenge = challengeFrom(response);
      expect(challenge.error, what).toContain("invalid_siwx_payload");
      expect(challenge.accepts[0].amount).toBe("5000");
    }
  });

  it("on /v1/auth/purchases: 400 validation_failed naming the header", async () => {
    for (const [what, proof] of await malformedProofs()) {
      const response = await app(`${BASE}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": proof } });
      expect(response.status, what).toBe(400);
      const body = await response.json();
      expect(body.error, what).toBe("validation_failed");
      expect(body.details[0].field).toBe("SIGN-IN-WITH-X");
    }
  });

  it("on a paid MCP tool: the PaymentRequired result, saying invalid_siwx_payload, not internal_error", async () => {
    const mcp = await mcpClient();
    try {
      const valid = await signIn(buyer);
      for (const proof of [
        { ...valid, version: "2" },
        { ...valid, nonce: "short" },
        { ...valid, statement: "a\nb" },
        { ...valid, issuedAt: "noon" },
        "a string, not a payload",
        42,
      ]) {
        const result = await rawCall(mcp, "get_filing_summary", { rcptNo: RCPT_NO }, { "sign-in-with-x": proof });
        expect(result.isError).toBe(true);
        expect(paymentRequiredOf(result)?.error, JSON.stringify(proof)).toContain("invalid_siwx_payload");
      }
    } finally {
      await mcp.close();
    }
  });

  it("is never answered 5xx, whatever its fields hold (property)", async () => {
    const valid = await signIn(buyer);
    // Mostly the valid value, so most payloads pass the origin and time checks and reach the message builder.
    const field = (value: unknown) =>
      fc.oneof(
        { arbitrary: fc.constant(value), weight: 8 },
        fc.string(),
        fc.jsonValue(),
        fc.constant(undefined),
        fc.constant(`${value}\n`),
      );
    const payloads = fc.record(
      Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, field(value)])) as Record<
        string,
        fc.Arbitrary<unknown>
      >,
    );
    const headers = fc.oneof(
      payloads.map(base64Json),
      fc.jsonValue().map(base64Json),
      fc.stringMatching(/^[\x21-\x7e]{1,80}$/),
    );
    await fc.assert(
      fc.asyncProperty(headers, fc.boolean(), async (proof, paidRoute) => {
        const url = paidRoute ? `${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}` : `${BASE}/v1/auth/purchases`;
        const response = await app(url, { headers: { "SIGN-IN-WITH-X": proof } });
        expect(response.status).toBeLessThan(500);
        expect([200, 400, 401, 402]).toContain(response.status);
      }),
      { numRuns: 120 },
    );
  });
});

describe("a sign-in the chain must check", () => {
  it("is answered 503 payments_unavailable within PAYMENT_TIMEOUT_MS when the chain does not answer", async () => {
    process.env.PAYMENT_TIMEOUT_MS = "1000";
    resetEnv();
    const [stranger] = await stack.fundedWallets(1);
    // The stranger's signature over a message naming the buyer: no EOA signature, so only the chain can tell.
    const forged = encodeSIWxHeader({ ...(await signIn(stranger)), address: addressOf(buyer) });
    stack.chain.pause();
    const startedAt = performance.now();
    const response = await app(`${BASE}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": forged } }).finally(() =>
      stack.chain.resume(),
    );
    expect(performance.now() - startedAt).toBeLessThan(3_000);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await response.json()).error).toBe("payments_unavailable");

    // With the chain answering, the same forgery is refused as a bad signature.
    const again = encodeSIWxHeader({ ...(await signIn(stranger)), address: addressOf(buyer) });
    const refused = await app(`${BASE}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": again } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toContain("invalid_siwx_signature");
  }, 30_000);
});

describe("the sign-in-with-x entry of a 402's extensions", () => {
  it("carries the JSON schema of the payload to send back, beside its info", async () => {
    const entry = challengeFrom(await app(`${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`)).extensions?.[
      "sign-in-with-x"
    ] as Record<string, unknown>;
    expect(signInChallenge.parse(entry).info.domain).toBe("localhost:3000");
    expect(entry.schema).toMatchObject({
      $schema: expect.stringContaining("json-schema.org"),
      type: "object",
      properties: { address: { type: "string" }, nonce: { type: "string" }, signature: { type: "string" } },
      required: expect.arrayContaining(["domain", "address", "uri", "nonce", "issuedAt", "signature"]),
    });
  });
});

describe("sign-in at every origin of the service", () => {
  const restore = async (key: Hex, origin: string) => {
    const header = encodeSIWxHeader(await signIn(key, origin));
    return app(`${origin}/v1/auth/purchases`, { headers: { "SIGN-IN-WITH-X": header } });
  };

  it("locally: any loopback name and port, though PUBLIC_BASE_URL says localhost", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://127.0.0.1:4123", BASE]) {
      expect((await challengeAt(origin)).info).toMatchObject({ domain: new URL(origin).host, uri: `${origin}/` });
      const response = await restore(buyer, origin);
      expect(response.status, origin).toBe(200);
      expect((await response.json()).wallet).toBe(addressOf(buyer));
    }
  });

  it("in production: the public origin and PUBLIC_ALIASES, and no other host", async () => {
    process.env.PUBLIC_BASE_URL = "https://dart.example";
    process.env.PUBLIC_ALIASES = "https://www.dart.example, https://preview.dart.example";
    resetEnv();
    for (const origin of ["https://dart.example", "https://www.dart.example", "https://preview.dart.example"]) {
      expect((await challengeAt(origin)).info.domain).toBe(new URL(origin).host);
      expect((await restore(buyer, origin)).status, origin).toBe(200);
    }
    // Another host (or a loopback name, in production) is given the public origin, which its page does not match.
    for (const host of ["evil.example", "localhost:3000"]) {
      expect((await challengeAt(`http://${host}`, host)).info.domain).toBe("dart.example");
    }
    const phished = await createSIWxPayload(
      {
        ...(await challengeAt("https://dart.example")).info,
        domain: "evil.example",
        uri: "https://evil.example/",
        chainId: "eip155:8453",
        type: "eip191",
      },
      privateKeyToAccount(buyer),
      "https://evil.example/",
    );
    const refused = await app("https://dart.example/v1/auth/purchases", {
      headers: { "SIGN-IN-WITH-X": encodeSIWxHeader(phished) },
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toContain("invalid_siwx_domain_mismatch");
  });

  it("PUBLIC_ALIASES must be origins", () => {
    expect(parseEnv({ PUBLIC_ALIASES: "https://a.example,http://b.example:8080/" }).PUBLIC_ALIASES).toEqual([
      "https://a.example",
      "http://b.example:8080",
    ]);
    for (const bad of ["a.example", "https://a.example/path", "ftp://a.example", "https://a.example?x=1"]) {
      expect(() => parseEnv({ PUBLIC_ALIASES: bad }), bad).toThrow(/PUBLIC_ALIASES/);
    }
  });
});

describe("an MCP sign-in proof the chain cannot check", () => {
  it("is a payments_unavailable tool error, not a refusal of the signer", async () => {
    process.env.PAYMENT_TIMEOUT_MS = "1000";
    resetEnv();
    const [stranger] = await stack.fundedWallets(1);
    const forged = { ...(await signIn(stranger)), address: addressOf(buyer) };
    const mcp = await mcpClient();
    try {
      stack.chain.pause();
      const result = await rawCall(
        mcp,
        "get_filing_summary",
        { rcptNo: RCPT_NO },
        { "sign-in-with-x": forged },
      ).finally(() => stack.chain.resume());
      expect(result.isError).toBe(true);
      expect(errorBodyOf(result)).toMatchObject({ error: "payments_unavailable" });
    } finally {
      await mcp.close();
    }
  }, 30_000);
});
