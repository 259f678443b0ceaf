"use client";
import Link from "next/link";
import { useState } from "react";
import { useConnection } from "wagmi";
import { Button } from "@/components/ui/button";
import { ConnectWallet, useOnServiceChain } from "@/components/wallet/connect-wallet";
import { SignInPrompt } from "@/components/wallet/sign-in-prompt";
import { Notice } from "@/components/wallet/notice";
import { signInFailure, useSignedRequest, type SignInFailure } from "@/components/wallet/sign-in";
import { WalletIsland } from "@/components/wallet/wallet-island";
import type { WatchFilters } from "@/lib/explorer/watch-filters";
import type { WatchlistDto } from "@/lib/interface/watchlists";
import { shortAddress } from "@/lib/wallet/format";
import { SecretOnce } from "./secret-once";

/** What the reader asked to watch: POST /v1/watchlists' body. */
export interface WatchRequest {
  name: string;
  filters: WatchFilters;
  webhookUrl: string | null;
}

type Created = WatchlistDto & { secret?: string };

/**
 * The wallet half of "Watch" (loaded on demand): connect the wallet that will own the watchlist,
 * sign in with it (one message, no payment), create the watchlist through POST /v1/watchlists
 * and show its secret once.
 */
export default function WatchFlow({ request, onDone }: { request: WatchRequest; onDone: () => void }) {
  return (
    <WalletIsland>
      <WatchSteps request={request} onDone={onDone} />
    </WalletIsland>
  );
}

type WatchState =
  | { step: "idle" }
  | { step: "signing" }
  | { step: "done"; created: Created; wallet?: string }
  | { step: "failed"; failure: SignInFailure };

function WatchSteps({ request, onDone }: { request: WatchRequest; onDone: () => void }) {
  const { status, address } = useConnection();
  const onChain = useOnServiceChain();
  const signedRequest = useSignedRequest();
  const [state, setState] = useState<WatchState>({ step: "idle" });
  const ready = status === "connected" && onChain;

  const create = async () => {
    setState({ step: "signing" });
    try {
      const created = await signedRequest<Created>("/v1/watchlists", {
        method: "POST",
        body: { name: request.name, ...request.filters, webhookUrl: request.webhookUrl },
      });
      setState({ step: "done", created, wallet: address });
    } catch (error) {
      setState({ step: "failed", failure: signInFailure(error, "The watchlist was not created") });
    }
  };

  return (
    <div className="space-y-3" data-testid="watch-flow">
      {state.step !== "done" && <ConnectWallet purpose="Connect the wallet that will own this watchlist" />}
      {ready && <CreateProgress state={state} create={create} onDone={onDone} />}
    </div>
  );
}

function CreateProgress({
  state,
  create,
  onDone,
}: {
  state: WatchState;
  create: () => Promise<void>;
  onDone: () => void;
}) {
  switch (state.step) {
    case "idle":
      return (
        <SignInPrompt
          id="watch-sign-in-heading"
          unlocks="the watchlist is then created and belongs to this wallet."
          action="Sign in and create"
          onSignIn={() => void create()}
        />
      );
    case "signing":
      return (
        <p role="status" className="text-sm">
          Sign the message in your wallet; then the watchlist is created…
        </p>
      );
    case "failed":
      return (
        <Notice focus tone="warning" title={state.failure.title}>
          {state.failure.message} Nothing was created and nothing was charged.
          <Button variant="link" className="mt-2 block" onClick={() => void create()}>
            Try again
          </Button>
        </Notice>
      );
    case "done":
      return <CreatedWatchlist created={state.created} wallet={state.wallet} onDone={onDone} />;
  }
}

function CreatedWatchlist({ created, wallet, onDone }: { created: Created; wallet?: string; onDone: () => void }) {
  return (
    <div className="space-y-3 text-sm" data-testid="watch-created">
      <Notice tone="success" title={`Watching: ${created.name || created.id}`}>
        Created for {wallet ? shortAddress(wallet) : "this wallet"}.{" "}
        {created.webhookUrl
          ? "Each new matching filing is POSTed to your endpoint and kept in the watchlist's alerts feed."
          : "New matching filings fill its alerts feed; add an endpoint on the watchlists page to have them pushed."}{" "}
        Nothing was charged.
      </Notice>
      {created.secret && <SecretOnce secret={created.secret} level={3} />}
      <div className="flex flex-wrap items-center gap-3">
        <Link href="/watchlists" className="font-medium text-accent underline" prefetch={false}>
          Open my watchlists
        </Link>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
