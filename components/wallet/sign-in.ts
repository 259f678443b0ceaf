"use client";
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { useCallback } from "react";
import { useConfig } from "wagmi";
import { getWalletClient } from "wagmi/actions";
import { SIGN_IN_WITH_X } from "@/lib/interface/headers";
import type { SignInChallenge } from "@/lib/interface/schemas";
import { firstLine, isRejection } from "./connect-wallet";
import { useServiceTerms } from "./wallet-island";

/**
 * The wallet sign-in of the explorer (x402 sign-in-with-x), shared by "Restore my purchases" and
 * the watchlists: a single-use challenge from GET /v1/auth/nonce, signed by the connected wallet
 * as an EIP-4361 message (no payment, no gas), sent in the SIGN-IN-WITH-X header. The service
 * takes each nonce once, so every request signed in is one signature.
 */

/** A new single-use sign-in, signed by the connected wallet, as the SIGN-IN-WITH-X header's value. */
export function useSignIn(): () => Promise<string> {
  const terms = useServiceTerms();
  const config = useConfig();
  return useCallback(async () => {
    const walletClient = await getWalletClient(config, { chainId: terms.chain.id });
    const response = await fetch("/v1/auth/nonce", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
    const { info, supportedChains } = (await response.json()) as SignInChallenge;
    // The wallet signs only for the host this page is on: say so plainly rather than in the library's terms.
    if (info.domain !== window.location.host) throw new WrongHost(info.domain);
    const payload = await createSIWxPayload(
      { ...info, chainId: supportedChains[0].chainId, type: supportedChains[0].type },
      {
        account: walletClient.account,
        signMessage: ({ message }: { message: string }) =>
          walletClient.signMessage({ account: walletClient.account, message }),
      },
      `${window.location.origin}/`,
    );
    return encodeSIWxHeader(payload);
  }, [config, terms.chain.id]);
}

/**
 * One request signed in as the connected wallet: its JSON answer (undefined for a 204), or a
 * ServiceError with the service's own words. `body` is sent as JSON.
 */
export function useSignedRequest() {
  const signIn = useSignIn();
  return useCallback(
    async <T>(path: string, { method = "GET", body }: { method?: string; body?: unknown } = {}): Promise<T> => {
      const proof = await signIn();
      const response = await fetch(path, {
        method,
        headers: {
          Accept: "application/json",
          [SIGN_IN_WITH_X.proof]: proof,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
    [signIn],
  );
}

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The page is on a host the service does not sign wallets in at (a name it was not told about). */
export class WrongHost extends Error {
  constructor(readonly serviceHost: string) {
    super(`The service signs in at ${serviceHost}`);
  }
}

/** The service's message of an error answer: the first field's problem when it names one. */
export async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as {
    message?: unknown;
    details?: { field?: unknown; message?: unknown }[];
  };
  const detail = body.details?.[0];
  if (typeof detail?.message === "string") {
    // A field the reader typed (webhookUrl) is named; the sign-in header's own problems are read below.
    return typeof detail.field === "string" && detail.field !== SIGN_IN_WITH_X.proof && !detail.field.startsWith("(")
      ? `${detail.field}: ${detail.message}`
      : detail.message;
  }
  return typeof body.message === "string" ? body.message : `The service answered ${response.status}.`;
}

/** What a refused sign-in's reason (`sign-in-with-x refused: <code> (…)`) means, in plain words. */
const SIGN_IN_PROBLEMS: Record<string, string> = {
  invalid_siwx_nonce: "The sign-in expired or was used already. Try again: your wallet asks for a new signature.",
  invalid_siwx_signature: "The signature is not the connected wallet's. Connect the wallet that paid, then try again.",
  invalid_siwx_domain_mismatch: "The message your wallet signed names another site. Try again from this page.",
  invalid_siwx_uri_mismatch: "The message your wallet signed names another site. Try again from this page.",
  invalid_siwx_issued_at_too_old:
    "The sign-in took too long or your device's clock is off. Check the clock and try again.",
  invalid_siwx_issued_at_in_future: "Your device's clock is ahead of the service's. Check the clock and try again.",
  invalid_siwx_expired: "The sign-in expired before it arrived. Try again.",
  invalid_siwx_chain_id: "Your wallet signed on another network. Switch it to the service's network and try again.",
  invalid_siwx_payload: "Your wallet's sign-in message was not one the service can read. Try again, or another wallet.",
};

function signInProblem(message: string): string | undefined {
  const code = /refused: (\w+)/.exec(message)?.[1];
  return code && SIGN_IN_PROBLEMS[code];
}

/** What went wrong with a signed-in request, for a notice: a title and a sentence. */
export interface SignInFailure {
  title: string;
  message: string;
}

/**
 * A failed signed-in request in plain words. `failedTitle` names what did not happen ("The
 * service could not restore your purchases"); the service's own message follows it.
 */
export function signInFailure(error: unknown, failedTitle: string): SignInFailure {
  if (isRejection(error)) return { title: "Sign-in declined", message: "You declined the message in your wallet." };
  if (error instanceof WrongHost) {
    const here = `${window.location.protocol}//${error.serviceHost}${window.location.pathname}`;
    return {
      title: "Open this page at the service's own address",
      message: `This page is open at ${window.location.host}, but wallets sign in to this service at ${error.serviceHost}. Open ${here} and try there.`,
    };
  }
  if (error instanceof ServiceError) {
    const signIn = signInProblem(error.message);
    if (error.status === 401 || (error.status === 400 && signIn))
      return {
        title: "Sign-in refused",
        message: signIn ?? "The service could not check the signature. Try again.",
      };
    if (error.status === 503)
      return {
        title: "The service cannot check your wallet right now",
        message: "The payment network is not answering. Try again in a minute.",
      };
    return { title: failedTitle, message: error.message };
  }
  if (error instanceof TypeError) return { title: "Service unreachable", message: "Check your connection." };
  return { title: "Sign-in did not complete", message: firstLine(error) };
}
