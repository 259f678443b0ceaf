import type { FactDto } from "@/lib/interface/schemas";

/**
 * A summary's facts: each figure, date, party or term with its English label, and on demand
 * the Korean label and value cells of the filing it was read from, verbatim.
 */
export function FactList({ facts }: { facts: FactDto[] }) {
  if (facts.length === 0) return null;
  return (
    <ul className="divide-y divide-border rounded-md border border-border text-sm" data-testid="fact-list">
      {facts.map((fact) => (
        <li key={fact.id} className="px-3 py-2" data-testid="fact">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
            <span className="text-fg-muted first-letter:uppercase">{fact.label}</span>
            <span className="font-medium tabular-nums">{fact.text}</span>
          </div>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-accent">
              From the filing<span className="sr-only">: the Korean cells of {fact.label}</span>
            </summary>
            <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-fg-muted">
              <dt>Label</dt>
              <dd lang="ko" className="break-words text-fg">
                {fact.source.label}
              </dd>
              <dt>Value</dt>
              <dd lang="ko" className="break-words text-fg">
                {fact.source.value}
              </dd>
              {fact.source.section && (
                <>
                  <dt>Section</dt>
                  <dd lang="ko" className="break-words">
                    {fact.source.section}
                  </dd>
                </>
              )}
            </dl>
          </details>
        </li>
      ))}
    </ul>
  );
}
