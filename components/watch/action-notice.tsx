"use client";
import { Notice } from "@/components/wallet/notice";
import type { ActionState } from "./signed-action";

/** What a watchlist action is doing (sign in your wallet…), what it did, or what went wrong. */
export function ActionNotice({ state }: { state: ActionState }) {
  switch (state.kind) {
    case "idle":
      return null;
    case "busy":
      return (
        <p role="status" className="text-sm">
          Sign the message in your wallet (a sign-in, not a payment); then {state.what}…
        </p>
      );
    case "failed":
      return (
        <Notice focus tone="warning" title={state.failure.title}>
          {state.failure.message} Nothing was changed and nothing was charged.
        </Notice>
      );
    case "done":
      return (
        <Notice focus tone="success" title={state.title}>
          {state.message}
        </Notice>
      );
  }
}
