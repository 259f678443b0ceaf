/**
 * Proving control of a wallet, for redelivery: x402's sign-in-with-x extension (CAIP-122, an
 * EIP-4361 message on EVM chains), with this service's own nonces.
 *
 * - A challenge (GET /v1/auth/nonce, or `extensions["sign-in-with-x"]` of any 402 of a paid call)
 *   carries a nonce issued here: random, stored in the database, valid five minutes.
 * - A proof (the SIGN-IN-WITH-X header, or an MCP call's `_meta["sign-in-with-x"]`) is accepted
 *   when it is a well-formed EIP-4361 message (anything else is refused as `invalid_siwx_payload`),
 *   bound to an origin of this service (domain and URI: the public one, an alias, or locally any
 *   loopback one; lib/env.ts's serviceOrigin), recent, for the
 *   payment network, signed by its address (an EOA, or a smart wallet through ERC-1271/6492 on
 *   chain), and its nonce is one issued here and not used before: it is used up then.
 */
import { randomBytes } from "node:crypto";
import type { ResourceServerExtension } from "@x402/core/types";
import { Base64EncodedRegex, safeBase64Decode } from "@x402/core/utils";
import {
  createSIWxMessage,
  declareSIWxExtension,
  SIGN_IN_WITH_X as SIWX_EXTENSION,
  validateSIWxMessage,
} from "@x402/extensions/sign-in-with-x";
import { getAddress, isErc6492Signature, verifyMessage, type Address, type Hex, type PublicClient } from "viem";
import { z } from "zod";
import type { Db } from "@/db";
import { consumeSignInNonce, issueSignInNonce } from "@/db/queries";
import { env, publicBaseUrl, serviceOrigin } from "@/lib/env";
import { MCP_PATH, type SignInChallenge } from "@/lib/interface";
import { paymentsUnavailable } from "./config";
import { withinDeadline } from "./deadline";
import { currentPaymentAttempt } from "./ledger";

export { SIWX_EXTENSION };

/** How long a challenge's nonce may be used, and how old a signed message may be. */
export const SIGN_IN_TTL_SECONDS = 300;
const STATEMENT = "Sign in with the wallet that paid, to have again what it bought. Nothing is charged.";

/** A challenge for `uri` (a URL of this service, at the origin the client sees) on `network`, its nonce stored for single use. */
export async function issueSignInChallenge(
  db: Db,
  where: { network: string; uri: string; resources?: string[] },
): Promise<SignInChallenge> {
  const challenge = signInChallengeOf(randomBytes(16).toString("hex"), new Date(), where);
  await issueSignInNonce(db, challenge.info.nonce, new Date(challenge.info.expirationTime));
  return challenge;
}

/** The challenge for `nonce` issued at `issuedAt`: what GET /v1/auth/nonce answers (and /docs shows). */
export function signInChallengeOf(
  nonce: string,
  issuedAt: Date,
  { network, uri, resources }: { network: string; uri: string; resources?: string[] },
): SignInChallenge {
  const expiresAt = new Date(issuedAt.getTime() + SIGN_IN_TTL_SECONDS * 1000);
  return {
    info: {
      domain: new URL(uri).host,
      uri,
      version: "1",
      nonce,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expiresAt.toISOString(),
      statement: STATEMENT,
      ...(resources ? { resources } : {}),
    },
    supportedChains: [{ chainId: network, type: "eip191" }],
  };
}

/**
 * The sign-in challenge in every 402 of a paid call (declared on the paid routes and tools), so
 * an x402 client with the sign-in-with-x extension signs in on its own when it paid before. The
 * nonce, issue and expiry times are new in each challenge: a payment's echo of them is not compared.
 */
export const walletSignInExtension: ResourceServerExtension = {
  key: SIWX_EXTENSION,
  dynamicInfoFields: ["nonce", "issuedAt", "expirationTime"],
  enrichPaymentRequiredResponse: async (declaration, { resourceInfo, requirements }) => {
    const attempt = currentPaymentAttempt();
    if (!attempt || requirements.length === 0) return undefined;
    const base = publicBaseUrl();
    // An MCP tool's resource (mcp://tool/<name>) is no URL of this origin: the message names the MCP endpoint.
    const uri = resourceInfo.url.startsWith(`${base}/`) ? resourceInfo.url : `${base}${MCP_PATH}`;
    const challenge = await issueSignInChallenge(attempt.db, {
      network: requirements[0].network,
      uri,
      resources: [resourceInfo.url],
    });
    // Every extension entry carries the JSON schema of what the client sends back, as the declaration has it.
    return { ...challenge, schema: (declaration as { schema?: unknown }).schema };
  },
};

/**
 * The declaration that has a paid call's challenges carry a sign-in challenge: @x402/extensions'
 * own, with its schema (a new object: the library fills it in).
 */
export function signInDeclaration(): Record<string, unknown> {
  return declareSIWxExtension({ statement: STATEMENT });
}

export type WalletProof = { wallet: Address } | { refused: string; code: string };

/** One line of the EIP-4361 message: a line break in a field would let it forge the next one. */
const line = z.string().regex(/^[^\r\n]*$/, "must be a single line");
/** RFC 3986 has no white space in a URI (WHATWG URL parsing would drop a line break silently). */
const uri = z.url().regex(/^\S+$/, "must not contain white space");
const rfc3339 = z.iso.datetime({ offset: true });

/**
 * A sign-in-with-x proof as this service accepts it: an EIP-4361 message on an EVM chain, each
 * field as the message format allows, checked before the message is built from them (the
 * builder throws on what it cannot format). Unknown fields are dropped, as the library does.
 */
const signInPayload = z.object({
  domain: z.string().regex(/^[^\s/?#@]+$/, "must be a host, with its port if any"),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address"),
  statement: line.max(1_000).optional(),
  uri,
  version: z.literal("1"),
  chainId: z.string().regex(/^eip155:\d{1,20}$/, "must be eip155:<chain id>"),
  type: z.literal("eip191"),
  nonce: z.string().regex(/^[A-Za-z0-9]{8,128}$/, "must be 8 to 128 letters and digits"),
  issuedAt: rfc3339,
  expirationTime: rfc3339.optional(),
  notBefore: rfc3339.optional(),
  requestId: line.max(200).optional(),
  resources: z.array(uri).max(20).optional(),
  signatureScheme: z.enum(["eip191", "eip1271", "eip6492"]).optional(),
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2}){1,8192}$/, "must be 0x-prefixed hex bytes"),
});

/**
 * Whose wallet `proof` proves control of: the header's base64 JSON, or the payload object itself
 * (MCP `_meta`). Uses its nonce up when the signature holds; anything else is refused with a
 * reason. A payment network that cannot say within PAYMENT_TIMEOUT_MS whether a smart wallet
 * signed it throws 503 payments_unavailable: an outage, not the signer's fault.
 */
export async function proveWallet(
  db: Db,
  proof: unknown,
  { network, chain }: { network: string; chain: PublicClient },
): Promise<WalletProof> {
  const parsed = signInPayload.safeParse(typeof proof === "string" ? decodeHeader(proof) : proof);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
    return refused("invalid_siwx_payload", issues.join(", "));
  }
  const payload = parsed.data;
  // The message names the origin its signer saw: the public one or a declared alias of it.
  const validation = await validateSIWxMessage(payload, new URL(serviceOrigin(payload.domain)), {
    maxAge: SIGN_IN_TTL_SECONDS * 1000,
  });
  if (!validation.isValid) return refused(validation.invalidReason, validation.invalidMessage);
  if (payload.chainId !== network) {
    return refused("invalid_siwx_chain_id", `sign in on ${network}, the payment network (got ${payload.chainId})`);
  }
  let message: string;
  try {
    message = createSIWxMessage(payload, payload.address);
  } catch (error) {
    return refused("invalid_siwx_payload", error instanceof Error ? error.message : "not an EIP-4361 message");
  }
  if (
    !(await signatureHolds(chain, {
      address: payload.address as Address,
      message,
      signature: payload.signature as Hex,
    }))
  )
    return refused("invalid_siwx_signature", "the signature is not the address's over this message");
  // Used up only once the signature holds, so nobody can spend another's nonce.
  if (!(await consumeSignInNonce(db, payload.nonce))) {
    return refused("invalid_siwx_nonce", "the nonce was not issued here, has expired, or was used already");
  }
  return { wallet: getAddress(payload.address) };
}

/** The header's JSON, or undefined (then refused as no payload) when it is not base64 JSON. */
function decodeHeader(header: string): unknown {
  if (!Base64EncodedRegex.test(header)) return undefined;
  try {
    return JSON.parse(safeBase64Decode(header)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether `signature` is the address's over `message`: an EOA's is checked here; anything else
 * may be a smart wallet's (ERC-1271, or ERC-6492 before it is deployed), which only the chain can
 * tell, within PAYMENT_TIMEOUT_MS.
 */
async function signatureHolds(
  chain: PublicClient,
  args: { address: Address; message: string; signature: Hex },
): Promise<boolean> {
  if (await verifyMessage(args).catch(() => false)) return true;
  const timeoutMs = env().PAYMENT_TIMEOUT_MS;
  const onChain = async () => {
    // No code and no deployment data: an EOA, whose signature just failed.
    if (!(await chain.getCode({ address: args.address })) && !isErc6492Signature(args.signature)) return false;
    return chain.verifyMessage(args);
  };
  try {
    return await withinDeadline(
      onChain(),
      timeoutMs,
      () => new Error(`the chain did not answer a sign-in check within ${timeoutMs} ms`),
    );
  } catch (error) {
    throw paymentsUnavailable(error);
  }
}

function refused(code: string, message: string): { refused: string; code: string } {
  return { refused: `sign-in-with-x refused: ${code} (${message})`, code };
}
