"use client";
import { useState } from "react";
import { useConnection } from "wagmi";
import { useServiceClock } from "@/components/layout/service-clock";
import { Button } from "@/components/ui/button";
import { ConnectWallet, useOnServiceChain } from "@/components/wallet/connect-wallet";
import { useFocusOnMount } from "@/components/wallet/focus";
import { SignInPrompt } from "@/components/wallet/sign-in-prompt";
import { Notice } from "@/components/wallet/notice";
import { WalletIsland } from "@/components/wallet/wallet-island";
import { realTimeNote } from "@/lib/explorer/clock-text";
import type { WatchVocabulary } from "@/lib/explorer/watch-filters";
import type { WatchlistDto } from "@/lib/interface/watchlists";
import { shortAddress } from "@/lib/wallet/format";
import { ActionNotice } from "./action-notice";
import { AlertCredit } from "./alert-credit";
import { useSignedAction } from "./signed-action";
import { WatchlistCard } from "./watchlist-card";

/** GET /v1/watchlists' answer. */
interface WatchlistsAnswer {
  wallet: string;
  watchlists: WatchlistDto[];
  limit: number;
  credit: number;
}

/**
 * The watchlists page's wallet part (loaded on demand): connect, sign in (one message, no
 * payment) and list the wallet's watchlists with its alert credit (GET /v1/watchlists); then
 * each watchlist's own actions (./watchlist-card.tsx).
 */
export default function WatchlistsFlow({ vocabulary }: { vocabulary: WatchVocabulary }) {
  return (
    <WalletIsland>
      <Watchlists vocabulary={vocabulary} />
    </WalletIsland>
  );
}

function Watchlists({ vocabulary }: { vocabulary: WatchVocabulary }) {
  const { status, address } = useConnection();
  const onChain = useOnServiceChain();
  const action = useSignedAction();
  const [listed, setListed] = useState<WatchlistsAnswer>();
  const ready = status === "connected" && onChain;

  const list = async () => {
    const result = await action.run<WatchlistsAnswer>(
      "your watchlists are listed",
      "Your watchlists could not be listed",
      "/v1/watchlists",
    );
    if (result) setListed(result.answer);
  };

  // Another wallet connected: what was listed is the other wallet's.
  const current = listed && address && listed.wallet.toLowerCase() === address.toLowerCase() ? listed : undefined;
  return (
    <div className="space-y-4" data-testid="watchlists-flow">
      <ConnectWallet purpose="Connect the wallet your watchlists belong to" />
      {ready && !current && <SignIn onSignIn={() => void list()} busy={action.busy} />}
      <ActionNotice state={action.state} />
      {ready && current && (
        <Listed
          answer={current}
          vocabulary={vocabulary}
          onRefresh={() => void list()}
          busy={action.busy}
          onChange={(watchlists) => setListed({ ...current, watchlists })}
        />
      )}
    </div>
  );
}

function SignIn({ onSignIn, busy }: { onSignIn: () => void; busy: boolean }) {
  return (
    <SignInPrompt
      id="watchlists-sign-in-heading"
      level={2}
      unlocks="its watchlists and alert credit are then listed."
      action="Sign in and list my watchlists"
      onSignIn={onSignIn}
      busy={busy}
    />
  );
}

function Listed({
  answer,
  vocabulary,
  onRefresh,
  busy,
  onChange,
}: {
  answer: WatchlistsAnswer;
  vocabulary: WatchVocabulary;
  onRefresh: () => void;
  busy: boolean;
  onChange: (watchlists: WatchlistDto[]) => void;
}) {
  const clock = useServiceClock();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const note = realTimeNote(clock);
  const { watchlists } = answer;
  const [deleted, setDeleted] = useState<string>();
  return (
    <div className="space-y-6">
      <AlertCredit wallet={answer.wallet} credit={answer.credit} />
      <section aria-labelledby="watchlists-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="watchlists-heading" ref={heading} tabIndex={-1} className="text-base font-semibold">
            Watchlists of <span className="font-mono">{shortAddress(answer.wallet)}</span>{" "}
            <span className="font-normal text-fg-muted" data-testid="watchlist-count">
              ({watchlists.length} of {answer.limit})
            </span>
          </h2>
          <Button variant="link" onClick={onRefresh} disabled={busy}>
            Refresh
          </Button>
        </div>
        <p className="text-sm text-fg-muted">
          Every action below is one signature in your wallet: a sign-in, not a payment. The service takes each sign-in
          once, so none can be replayed.{note && ` ${note}`}
        </p>
        {deleted && (
          <Notice key={deleted} focus tone="success" title={`Deleted “${deleted}”`}>
            It sends nothing more; its alerts feed and delivery log are gone. Nothing was charged.
          </Notice>
        )}
        {watchlists.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-fg-muted">
            No watchlists yet. Use “Watch” on a company page, the feed or a search to make one.
          </p>
        ) : (
          <ul className="space-y-4">
            {watchlists.map((w) => (
              <li key={w.id}>
                <WatchlistCard
                  watchlist={w}
                  vocabulary={vocabulary}
                  onChanged={(changed) => onChange(watchlists.map((x) => (x.id === changed.id ? changed : x)))}
                  onDeleted={(id) => {
                    setDeleted(w.name || id);
                    onChange(watchlists.filter((x) => x.id !== id));
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
