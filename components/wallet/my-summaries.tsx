"use client";
import Link from "next/link";
import { forgetSummary, useKeptSummaries } from "@/lib/wallet/kept-summaries";
import { KeptSummaryCard } from "./kept-summary-card";

/** Every summary this browser paid for, newest first, each removable from the device. */
export function MySummaries() {
  const kept = Object.values(useKeptSummaries()).sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  if (kept.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="my-summaries-empty">
        No summaries on this device yet. Open a filing and reveal its English summary, or buy a company&apos;s latest
        summaries on its page; they are kept here, in this browser only.
      </p>
    );
  }
  return (
    <ul className="space-y-4" data-testid="my-summaries">
      {kept.map((entry) => (
        <li key={entry.summary.rcptNo} className="space-y-1">
          <p className="text-sm">
            <Link className="font-medium text-accent underline" href={`/filings/${entry.summary.rcptNo}`}>
              {entry.summary.corpNameEn} — {entry.summary.reportNmEn}
            </Link>{" "}
            <span className="text-fg-muted">{entry.summary.corpName}</span>
          </p>
          <KeptSummaryCard
            kept={entry}
            heading="English summary"
            onRemove={() => forgetSummary(entry.summary.rcptNo)}
          />
        </li>
      ))}
    </ul>
  );
}
