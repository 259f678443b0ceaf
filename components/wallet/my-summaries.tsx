"use client";
import Link from "next/link";
import { displayCompanyName } from "@/lib/names/display";
import { forgetSummary, useKeptSummaries } from "@/lib/wallet/kept-summaries";
import { KeptSummaryCard } from "./kept-summary-card";

/**
 * Every summary this browser has, newest first: bought here, or restored from the wallet that
 * paid (on any device); each removable from the device.
 */
export function MySummaries() {
  const kept = Object.values(useKeptSummaries()).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  if (kept.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="my-summaries-empty">
        No summaries on this device yet. Open a filing and reveal its English summary, buy a company&apos;s latest
        summaries on its page, or restore what your wallet bought above.
      </p>
    );
  }
  return (
    <section aria-labelledby="kept-heading" className="space-y-3">
      <h2 id="kept-heading" className="text-base font-semibold">
        On this device ({kept.length})
      </h2>
      <ul className="space-y-4" data-testid="my-summaries">
        {kept.map((entry) => (
          <li key={entry.summary.rcptNo} className="space-y-1" data-rcpt-no={entry.summary.rcptNo}>
            <p className="text-sm">
              <Link className="font-medium text-accent underline" href={`/filings/${entry.summary.rcptNo}`}>
                {displayCompanyName(entry.summary.corpNameEn)} — {entry.summary.reportNmEn}
              </Link>{" "}
              <span className="text-fg-muted" lang="ko">
                {entry.summary.corpName}
              </span>
            </p>
            <KeptSummaryCard
              kept={entry}
              heading={entry.restored ? "English summary · restored from your wallet" : "English summary"}
              onRemove={() => forgetSummary(entry.summary.rcptNo)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
