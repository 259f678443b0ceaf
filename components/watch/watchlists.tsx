"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { OnDemandStatus, useOnDemand } from "@/components/wallet/on-demand";
import type { WatchVocabulary } from "@/lib/explorer/watch-filters";

const loadWatchlistsFlow = () => import("./watchlists-flow");

/**
 * The watchlists page's one island: "Sign in with your wallet", then the wallet's watchlists,
 * credit, deliveries and alerts (./watchlists-flow.tsx, whose wallet code loads on the click).
 */
export function WatchlistsManager({ vocabulary }: { vocabulary: WatchVocabulary }) {
  const [started, setStarted] = useState(false);
  const flow = useOnDemand(loadWatchlistsFlow);
  if (!started) {
    return (
      <Button
        onClick={() => {
          setStarted(true);
          flow.load();
        }}
      >
        Sign in with your wallet
      </Button>
    );
  }
  return flow.Component ? (
    <flow.Component vocabulary={vocabulary} />
  ) : (
    <OnDemandStatus failed={flow.failed} onRetry={flow.load} />
  );
}
