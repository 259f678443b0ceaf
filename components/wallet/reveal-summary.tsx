"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useKeptSummary } from "@/lib/wallet/kept-summaries";
import { KeptSummaryCard } from "./kept-summary-card";
import { Button } from "@/components/ui/button";

const RevealFlow = dynamic(() => import("./reveal-flow"), {
  ssr: false,
  loading: () => (
    <p role="status" className="text-sm text-fg-muted">
      Loading wallets…
    </p>
  ),
});

/**
 * "Reveal English summary — 0.005 USDC" on a filing page. A summary this browser already paid
 * for is shown at once from the device; otherwise the button loads the wallet and payment
 * code (nothing of it is in the page's first load) and starts the flow.
 */
export function RevealSummary({ rcptNo, priceUsdc }: { rcptNo: string; priceUsdc: string }) {
  const kept = useKeptSummary(rcptNo);
  const [revealing, setRevealing] = useState(false);

  if (kept) return <KeptSummaryCard kept={kept} heading="Revealed on this device" />;
  if (revealing) return <RevealFlow rcptNo={rcptNo} priceUsdc={priceUsdc} />;
  return (
    <Button onClick={() => setRevealing(true)} className="w-full sm:w-auto">
      Reveal English summary — {priceUsdc} USDC
    </Button>
  );
}
