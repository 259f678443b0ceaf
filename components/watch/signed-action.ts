"use client";
import { useCallback, useState } from "react";
import { signInFailure, useSignedRequest, type SignInFailure } from "@/components/wallet/sign-in";

/** One signed-in request at a time, with what it is doing or what went wrong, for a notice. */
export type ActionState =
  | { kind: "idle" }
  | { kind: "busy"; what: string }
  | { kind: "failed"; failure: SignInFailure }
  | { kind: "done"; title: string; message?: string };

/**
 * A watchlist action on the page: each is one request signed in as the wallet (one signature,
 * no payment; the service takes every sign-in once). `run` resolves with the answer, or
 * undefined when it failed (the state says why).
 */
export function useSignedAction() {
  const signedRequest = useSignedRequest();
  const [state, setState] = useState<ActionState>({ kind: "idle" });

  const run = useCallback(
    async <T>(
      what: string,
      failedTitle: string,
      path: string,
      init: { method?: string; body?: unknown } = {},
    ): Promise<{ answer: T } | undefined> => {
      setState({ kind: "busy", what });
      try {
        const answer = await signedRequest<T>(path, init);
        setState({ kind: "idle" });
        return { answer };
      } catch (error) {
        setState({ kind: "failed", failure: signInFailure(error, failedTitle) });
        return undefined;
      }
    },
    [signedRequest],
  );

  return { state, setState, run, busy: state.kind === "busy" };
}
