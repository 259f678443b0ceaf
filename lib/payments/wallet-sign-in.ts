/**
 * Proving control of a wallet, for redelivery: x402's sign-in-with-x extension (CAIP-122, an
 * EIP-4361 message on EVM chains), with this service's own nonces.
 *
 * - A challenge (GET /v1/auth/nonce, or `extensions["sign-in-with-x"]` of any 402 of a paid call)
 *   carries a nonce issued here: random, stored in the database, valid five minutes.
 * - A proof (the SIGN-IN-WITH-X header, or an MCP call's `_meta["sign-in-with-x"]`) is accepted
 *   when its message is bound to this service's public origin (domain and URI), recent, for the
 *   payment network, signed by its address (an EOA, or a smart wallet through ERC-1271/6492 on
 *   chain), and its nonce is one issued here and not used before: it is used up then.
 */
import { randomBytes } from "node:crypto";
import type { ResourceServerExtension } from "@x402/core/types";
import {
  parseSIWxHeader,
  SIGN_IN_WITH_X as SIWX_EXTENSION,
  SIWxPayloadSchema,
  validateSIWxMessage,
  verifySIWxSignature,
  type SIWxPayload,
} from "@x402/extensions/sign-in-with-x";
import { getAddress, verifyMessage, type Address, type PublicClient } from "viem";
import type { Db } from "@/db";
import { consumeSignInNonce, issueSignInNonce } from "@/db/queries";
import { publicBaseUrl } from "@/lib/env";
import { MCP_PATH, type SignInChallenge } from "@/lib/interface";
import { currentPaymentAttempt } from "./ledger";

export { SIWX_EXTENSION };

/** How long a challenge's nonce may be used, and how old a signed message may be. */
export const SIGN_IN_TTL_SECONDS = 300;
const STATEMENT = "Sign in with the wallet that paid, to have again what it bought. Nothing is charged.";

/** A challenge for `uri` (a URL of this service) on `network`, its nonce stored for single use. */
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
      domain: new URL(publicBaseUrl()).host,
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
  enrichPaymentRequiredResponse: async (_declaration, { resourceInfo, requirements }) => {
    const attempt = currentPaymentAttempt();
    if (!attempt || requirements.length === 0) return undefined;
    const base = publicBaseUrl();
    // An MCP tool's resource (mcp://tool/<name>) is no URL of this origin: the message names the MCP endpoint.
    const uri = resourceInfo.url.startsWith(`${base}/`) ? resourceInfo.url : `${base}${MCP_PATH}`;
    return issueSignInChallenge(attempt.db, { network: requirements[0].network, uri, resources: [resourceInfo.url] });
  },
};

/** The declaration that has a paid call's challenges carry a sign-in challenge (a new object: the library fills it in). */
export function signInDeclaration(): Record<string, unknown> {
  return { [SIWX_EXTENSION]: {} };
}

export type WalletProof = { wallet: Address } | { refused: string };

/**
 * Whose wallet `proof` proves control of: the header's base64 JSON, or the payload object itself
 * (MCP `_meta`). Uses its nonce up when the signature holds; anything else is refused with a reason.
 */
export async function proveWallet(
  db: Db,
  proof: unknown,
  { network, chain }: { network: string; chain: PublicClient },
): Promise<WalletProof> {
  let payload: SIWxPayload;
  try {
    payload = typeof proof === "string" ? parseSIWxHeader(proof) : parseObject(proof);
  } catch (error) {
    return refused("invalid_siwx_payload", error instanceof Error ? error.message : "not a sign-in-with-x payload");
  }
  const validation = await validateSIWxMessage(payload, new URL(publicBaseUrl()), {
    maxAge: SIGN_IN_TTL_SECONDS * 1000,
  });
  if (!validation.isValid) return refused(validation.invalidReason, validation.invalidMessage);
  if (payload.chainId !== network) {
    return refused("invalid_siwx_chain_id", `sign in on ${network}, the payment network (got ${payload.chainId})`);
  }
  const verification = await verifySIWxSignature(payload, {
    // An EOA's signature is checked here; anything else is asked of the chain (ERC-1271, ERC-6492).
    evmVerifier: async (args) => (await verifyMessage(args).catch(() => false)) || chain.verifyMessage(args),
  });
  if (!verification.isValid) return refused(verification.invalidReason, verification.invalidMessage);
  // Used up only once the signature holds, so nobody can spend another's nonce.
  if (!(await consumeSignInNonce(db, payload.nonce))) {
    return refused("invalid_siwx_nonce", "the nonce was not issued here, has expired, or was used already");
  }
  return { wallet: getAddress(payload.address) };
}

function parseObject(proof: unknown): SIWxPayload {
  const parsed = SIWxPayloadSchema.safeParse(proof);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(", "));
  return parsed.data;
}

function refused(code: string, message: string): { refused: string } {
  return { refused: `sign-in-with-x refused: ${code} (${message})` };
}
