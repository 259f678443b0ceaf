"use client";
import { FactList } from "@/components/filing/fact-list";
import { useServiceClock } from "@/components/layout/service-clock";
import { deviceTimeText, generatedText } from "@/lib/explorer/clock-text";
import type { KeptSummary } from "@/lib/wallet/kept-summaries";
import { shortAddress } from "@/lib/wallet/format";
import { Button } from "@/components/ui/button";

/**
 * A summary this browser paid for (or restored from the wallet that paid), in a list: the text,
 * its facts when bought with them, and where it came from (KeptReceipt).
 */
export function KeptSummaryCard({
  kept,
  heading = "English summary",
  onRemove,
}: {
  kept: KeptSummary;
  heading?: string;
  onRemove?: () => void;
}) {
  const { summary } = kept;
  return (
    <article
      className="min-w-0 space-y-3 rounded-md border border-border bg-surface p-4"
      data-testid="revealed-summary"
      aria-label={heading}
    >
      <h3 className="font-semibold">{heading}</h3>
      <p className="whitespace-pre-line text-[0.95rem] leading-relaxed" data-testid="summary-text">
        {summary.summaryEn}
      </p>
      {kept.facts && kept.facts.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-accent">Facts ({kept.facts.length})</summary>
          <div className="mt-2">
            <FactList facts={kept.facts} cells={kept.cells} />
          </div>
        </details>
      )}
      <KeptReceipt kept={kept} onRemove={onRemove} />
    </article>
  );
}

/**
 * Where a kept summary came from: when it was generated, the settlement transaction (a link on
 * a public chain, the hash on the local one) and its payer, the original filing, and whether it
 * was bought here or restored by signing in with the wallet.
 */
export function KeptReceipt({ kept, onRemove }: { kept: KeptSummary; onRemove?: () => void }) {
  const { summary } = kept;
  const clock = useServiceClock();
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs text-fg-muted">
        <dt>Generated</dt>
        <dd>
          <time dateTime={summary.generatedAt}>{generatedText(summary.generatedAt, clock)}</time>
        </dd>
        <dt>Paid with</dt>
        <dd className="break-all" data-testid="settlement-tx">
          {kept.transactionUrl ? (
            <a className="font-mono text-accent underline" href={kept.transactionUrl} target="_blank" rel="noreferrer">
              {kept.transaction}
            </a>
          ) : (
            <span className="font-mono" title="Transaction on the local test chain">
              {kept.transaction}
            </span>
          )}
          {kept.payer && (
            <>
              {" "}
              from <span className="font-mono">{shortAddress(kept.payer)}</span>
            </>
          )}
        </dd>
        <dt>Original</dt>
        <dd>
          <a className="text-accent underline" href={summary.sourceUrl} target="_blank" rel="noreferrer">
            Read the original on DART (Korean)<span className="sr-only"> (opens in a new tab)</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </dd>
      </dl>
      <p className="text-xs text-fg-muted">
        {kept.restored
          ? `Restored from the wallet that paid, ${deviceTimeText(kept.keptAt, clock)}: kept in this browser, shown again without paying.`
          : `Kept in this browser since ${deviceTimeText(kept.keptAt, clock)}: shown again here without paying.`}
        {onRemove && (
          <>
            {" "}
            <Button variant="link" onClick={onRemove}>
              Remove from this device
            </Button>
          </>
        )}
      </p>
    </>
  );
}
