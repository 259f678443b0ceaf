import type { FactDto, SourceCellsDto } from "@/lib/interface/schemas";

/**
 * A summary's facts: each figure, date, party or term with its English label, and on demand
 * the Korean label and value cells of the filing it was read from, verbatim. Then, apart and
 * folded, the filing's other figures (`cells`): Korean only, never translated or stated —
 * the service does not know what they are, so it does not say. (A summary kept in a browser
 * before facts needed a role may list role-less facts: they are shown there too.)
 */
export function FactList({ facts, cells = [] }: { facts: FactDto[]; cells?: SourceCellsDto[] }) {
  const stated = facts.filter((fact) => fact.role);
  const apart = [...cells, ...facts.filter((fact) => !fact.role).map((fact) => fact.source)];
  if (stated.length === 0 && apart.length === 0) return null;
  return (
    <div className="space-y-2">
      {stated.length > 0 && (
        <ul className="divide-y divide-border rounded-md border border-border text-sm" data-testid="fact-list">
          {stated.map((fact) => (
            <li key={fact.id} className="px-3 py-2" data-testid="fact">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
                <span className="text-fg-muted first-letter:uppercase">{fact.label}</span>
                <span className="font-medium tabular-nums">{fact.text}</span>
              </div>
              <details className="mt-1 text-xs">
                <summary className="cursor-pointer text-accent">
                  From the filing<span className="sr-only">: the Korean cells of {fact.label}</span>
                </summary>
                <SourceCells source={fact.source} />
              </details>
            </li>
          ))}
        </ul>
      )}
      {apart.length > 0 && (
        <details className="rounded-md border border-border px-3 py-2 text-xs" data-testid="other-cells">
          <summary className="cursor-pointer text-accent">
            Other figures in the filing ({apart.length}), in Korean, not translated or checked
          </summary>
          <ul className="mt-2 divide-y divide-border">
            {apart.map((source, i) => (
              <li key={i} className="py-1">
                <SourceCells source={source} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function SourceCells({ source }: { source: SourceCellsDto }) {
  return (
    <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-fg-muted">
      <dt>Label</dt>
      <dd lang="ko" className="break-words text-fg">
        {source.label}
      </dd>
      <dt>Value</dt>
      <dd lang="ko" className="break-words text-fg">
        {source.value}
      </dd>
      {source.section && (
        <>
          <dt>Section</dt>
          <dd lang="ko" className="break-words">
            {source.section}
          </dd>
        </>
      )}
    </dl>
  );
}
