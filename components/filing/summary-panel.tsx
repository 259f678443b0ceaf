import { Card, CardTitle } from "@/components/ui/card";
import { paymentSteps } from "@/lib/interface/how-to-pay";

/**
 * How an agent buys a filing's summary (x402), beside the page's own Reveal: the same paid
 * routes, one call each. The summary text itself never reaches this server-rendered panel.
 */
export function AgentPurchasePanel({ rcptNo, baseUrl, network }: { rcptNo: string; baseUrl: string; network: string }) {
  const url = `${baseUrl}/v1/disclosures/summary?rcptNo=${rcptNo}`;
  return (
    <Card aria-labelledby="agent-purchase-heading">
      <CardTitle id="agent-purchase-heading">For agents</CardTitle>
      <p className="text-sm text-fg-muted">
        The same summary over the API: <code className="font-mono text-xs">/v1/disclosures/summary</code>, or with its
        fact sheet <code className="font-mono text-xs">/v1/disclosures/facts</code>, paid per call with x402.
      </p>
      <details className="mt-3 text-sm">
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

/** A filing whose summary is not for sale: why, in a line, and no price. */
export function NoSummaryNote({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="no-summary-heading"
      className="rounded-lg border border-dashed border-border p-4 text-sm"
      data-testid="no-summary"
    >
      <h2 id="no-summary-heading" className="font-semibold">
        No English summary for this filing
      </h2>
      <p className="mt-1 text-fg-muted">{message}</p>
    </section>
  );
}
