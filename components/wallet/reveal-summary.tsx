"use client";
import { useEffect, useRef, useState } from "react";
import { WALLET_READY_EVENT } from "@/lib/wallet";
import { SummaryHero } from "@/components/filing/summary-hero";
import { useKeptSummary } from "@/lib/wallet/kept-summaries";
import { KeptReceipt } from "./kept-summary-card";
import { OnDemandStatus, useOnDemand } from "./on-demand";
import { StickyActionBar } from "./sticky-action-bar";
import { Button } from "@/components/ui/button";

const loadRevealFlow = () => import("./reveal-flow");

/**
 * A filing's English summary, the hero of its page under the title. Paid for on this device (or
 * restored from the wallet that paid): the summary with its facts, at once, from the device.
 * Otherwise the offer: what the summary will state (the names of its facts, never their values),
 * the price, that nothing is charged when it cannot be delivered, and "Reveal", which loads the
 * wallet and payment code (nothing of it is in the page's first load) and starts the flow. On a
 * phone the price and Reveal stay pinned to the bottom of the screen while Reveal is out of view.
 */
export function RevealSummary({
  rcptNo,
  priceUsdc,
  covers,
  note,
}: {
  rcptNo: string;
  priceUsdc: string;
  /** The English names of the facts the summary states, when known. */
  covers: string[] | null;
  /** Whether it is ready or written on the first paid request. */
  note: string;
}) {
  const kept = useKeptSummary(rcptNo);
  const [revealing, setRevealing] = useState(false);
  const flow = useOnDemand(loadRevealFlow);
  const reveal = () => {
    setRevealing(true);
    flow.load();
  };
  const offer = useRef<HTMLElement>(null);
  const action = useRef<HTMLDivElement>(null);
  const price = `${priceUsdc}\u00a0USDC`;

  // Fetched ahead when it is likely wanted: the wallet code is loaded already (a returning
  // reader's connection), or the pointer or focus is on Reveal.
  const preload = () => void loadRevealFlow();
  useEffect(() => {
    window.addEventListener(WALLET_READY_EVENT, preload, { once: true });
    return () => window.removeEventListener(WALLET_READY_EVENT, preload);
  }, []);

  if (kept) {
    return (
      <>
        <SummaryHero
          summary={kept.summary}
          facts={kept.facts}
          cells={kept.cells}
          badge={kept.restored ? "Restored from your wallet" : "Paid"}
          announce={revealing}
        >
          <KeptReceipt kept={kept} />
        </SummaryHero>
        <p role="status" className="sr-only">
          {revealing ? "The English summary is revealed." : ""}
        </p>
      </>
    );
  }
  return (
    <section
      ref={offer}
      aria-labelledby="summary-offer-heading"
      // On a phone the price and Reveal come first, so both are on the first screen at load (issue 37);
      // from sm up the offer reads in order.
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="summary-offer"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="summary-offer-heading" className="text-lg font-semibold">
          English summary
        </h2>
        <p className="whitespace-nowrap text-lg font-semibold" data-testid="summary-price">
          {price}
        </p>
      </div>
      {covers ? (
        <div className="order-2 text-sm sm:order-none">
          <p>A plain-English summary of this filing, stating:</p>
          <ul
            className="mt-1 flex flex-wrap gap-1.5"
            aria-label="Facts the summary states"
            data-testid="summary-covers"
          >
            {covers.map((name) => (
              <li key={name} className="rounded-md bg-subtle px-2 py-0.5 text-xs first-letter:uppercase">
                {name}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-fg-muted">
            Each figure comes with the Korean label and value it was read from in the filing.
          </p>
        </div>
      ) : (
        <p className="order-2 text-sm sm:order-none">
          A plain-English summary grounded in the filing&apos;s body: what happened, the figures, the dates, each with
          the Korean cells it was read from.
        </p>
      )}
      <p className="order-2 text-sm text-fg-muted sm:order-none">
        {note} Paid once, in USDC, from your wallet: no account. If it cannot be delivered, nothing is charged.
      </p>
      {revealing ? (
        flow.Component ? (
          <flow.Component rcptNo={rcptNo} priceUsdc={priceUsdc} />
        ) : (
          <OnDemandStatus failed={flow.failed} onRetry={flow.load} />
        )
      ) : (
        <>
          <div ref={action} className="order-1 sm:order-none">
            <Button
              onClick={reveal}
              onPointerEnter={preload}
              onFocus={preload}
              className="w-full whitespace-nowrap sm:w-auto"
            >
              Reveal English summary — {price}
            </Button>
          </div>
          <StickyActionBar target={action} label="Buy this summary">
            <span className="whitespace-nowrap text-sm font-semibold">{price}</span>
            <Button
              onClick={() => {
                reveal();
                offer.current?.scrollIntoView({ block: "start" });
              }}
              className="whitespace-nowrap"
            >
              Reveal summary
            </Button>
          </StickyActionBar>
        </>
      )}
    </section>
  );
}
