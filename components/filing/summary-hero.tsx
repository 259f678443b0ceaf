"use client";
import type { ReactNode } from "react";
import { useFocusOnMount } from "@/components/wallet/focus";
import type { DisclosureSummaryDto, FactDto, SourceCellsDto } from "@/lib/interface/schemas";
import { FactList } from "./fact-list";
import { SummaryTools } from "./summary-tools";

/**
 * A filing's English summary as the hero of its page, right under the title: the text, its
 * facts, and below them where it came from (`children`: the payment, or "free sample").
 * `announce`: it has just been revealed, so its heading takes focus (the reveal's status says so too).
 */
export function SummaryHero({
  summary,
  facts,
  cells,
  badge,
  announce = false,
  children,
}: {
  summary: DisclosureSummaryDto;
  facts?: FactDto[];
  cells?: SourceCellsDto[];
  badge: string;
  announce?: boolean;
  children?: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>(announce);
  return (
    <section
      aria-labelledby="summary-heading"
      className="min-w-0 space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-5"
      data-testid="revealed-summary"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="summary-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          English summary
        </h2>
        <span className="rounded-full bg-subtle px-2 py-0.5 text-xs text-fg-muted">{badge}</span>
      </div>
      <p className="whitespace-pre-line text-base leading-relaxed" data-testid="summary-text">
        {summary.summaryEn}
      </p>
      {facts && facts.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Facts in this summary</h3>
          <FactList facts={facts} cells={cells} />
        </div>
      )}
      <SummaryTools summary={summary} facts={facts} cells={cells} />
      {children}
    </section>
  );
}
