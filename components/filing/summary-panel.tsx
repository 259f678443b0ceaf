import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";
import type { SummaryOffer } from "@/lib/explorer";
import { paymentSteps } from "@/lib/interface/how-to-pay";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";

/** Whether this filing's summary can be sold now (grounded in its body); null = not known. */
export type SummaryAvailability = SummaryOffer | null;

/**
 * Where a filing's paid English summary is revealed: what it costs, what the reader gets, and
 * how an agent buys it. `reveal` is the in-browser purchase (issue 10: a lazily loaded island);
 * the summary text itself never reaches this server-rendered panel.
 */
export function SummaryPanel({
  rcptNo,
  baseUrl,
  network,
  availability,
  reveal,
}: {
  rcptNo: string;
  baseUrl: string;
  /** The payment network, named in the signing step. */
  network: string;
  availability: SummaryAvailability;
  reveal?: ReactNode;
}) {
  const url = `${baseUrl}/v1/disclosures/summary?rcptNo=${rcptNo}`;
  return (
    <Card aria-labelledby="summary-heading">
      <CardTitle id="summary-heading">English summary</CardTitle>
      <p className="text-2xl font-semibold">
        {PRICE_PER_SUMMARY_USDC} <span className="text-base font-medium text-fg-muted">USDC</span>
      </p>
      <p className="mt-1 text-sm text-fg-muted">Paid once per request, in USDC on Base. No account, no subscription.</p>
      <AvailabilityNote availability={availability} />
      <h3 className="mt-4 text-sm font-medium">What you get</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-fg-muted">
        <li>A plain-English summary grounded in the filing&apos;s body: what happened, the figures, the dates.</li>
        <li>Importance, sector and audience tags, and the link to the original on DART.</li>
        <li>Failed or unavailable summaries are never charged.</li>
      </ul>
      <div data-slot="reveal" className="mt-4 empty:hidden">
        {reveal}
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer text-accent">How an agent buys it (x402)</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-fg-muted">
          {/* The agent has found the filing already: the steps after the first. */}
          {paymentSteps(network)
            .slice(1)
            .map((step) => (
              <li key={step}>{step}</li>
            ))}
        </ol>
        <pre className="mt-2 max-w-full overflow-x-auto rounded-md bg-subtle p-3 font-mono text-xs">
          <code>{`curl -i "${url}"
npm run pay -- "/v1/disclosures/summary?rcptNo=${rcptNo}"`}</code>
        </pre>
        <p className="mt-2 text-fg-muted">
          Full walkthrough with TypeScript:{" "}
          <a className="text-accent underline" href="/docs#x402">
            API docs
          </a>
          .
        </p>
      </details>
    </Card>
  );
}

function AvailabilityNote({ availability }: { availability: SummaryAvailability }) {
  if (!availability) return null;
  return (
    <p
      data-availability={availability.available ? "available" : "unavailable"}
      className={
        availability.available
          ? "mt-3 rounded-md bg-new px-3 py-2 text-sm"
          : "mt-3 rounded-md bg-warn px-3 py-2 text-sm text-warn-fg"
      }
    >
      {availability.message}
    </p>
  );
}
