import Link from "next/link";
import { ImportanceBadge } from "@/components/feed/importance-badge";
import { Badge } from "@/components/ui/badge";
import type { FilingDetail } from "@/lib/explorer";
import { audienceLabel, formatSeenAt, titleCase } from "@/lib/explorer/format";

/** The filing's title block: the company, the English filing type (the page's h1) and the Korean title. */
export function FilingHeading({ filing: f }: { filing: FilingDetail }) {
  return (
    <header>
      <p className="text-sm">
        <Link href={`/companies/${f.ticker}`} className="font-medium text-accent underline">
          {f.corpNameEn}
        </Link>{" "}
        <span className="text-fg-muted">
          <span lang="ko">{f.corpName}</span> · <span className="num">{f.ticker}</span>
          {f.market && <> · {f.market}</>}
        </span>
      </p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{f.reportNmEn}</h1>
      <p lang="ko" className="mt-1 text-fg-muted">
        {f.reportNm}
      </p>
      <RelatedLinks filing={f} />
    </header>
  );
}

/** A correction and its original, and a result report and its decision, linked both ways. */
function RelatedLinks({ filing: f }: { filing: FilingDetail }) {
  const { corrects, correctedBy, decision, results } = f.related;
  if (!corrects && correctedBy.length === 0 && !decision && results.length === 0) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-sm" aria-label="Related filings" data-testid="related-filings">
      {corrects && (
        <li>
          <span className="text-fg-muted">Corrects </span>
          <Link href={`/filings/${corrects.rcptNo}`} prefetch={false} className="text-accent underline">
            the original filing of {corrects.rceptDt}
          </Link>{" "}
          <span lang="ko" className="text-fg-muted">
            ({corrects.reportNm.trim()})
          </span>
        </li>
      )}
      {correctedBy.map((c) => (
        <li key={c.rcptNo}>
          <span className="text-fg-muted">Corrected by </span>
          <Link href={`/filings/${c.rcptNo}`} prefetch={false} className="text-accent underline">
            the correction of {c.rceptDt}
          </Link>{" "}
          <span lang="ko" className="text-fg-muted">
            ({c.reportNm.trim()})
          </span>
        </li>
      ))}
      {decision && (
        <li>
          <span className="text-fg-muted">Reports the result of </span>
          <Link href={`/filings/${decision.rcptNo}`} prefetch={false} className="text-accent underline">
            the decision filed {decision.rceptDt}
          </Link>{" "}
          <span lang="ko" className="text-fg-muted">
            ({decision.reportNm.trim()})
          </span>
        </li>
      )}
      {results.map((r) => (
        <li key={r.rcptNo}>
          <span className="text-fg-muted">Result reported </span>
          <Link href={`/filings/${r.rcptNo}`} prefetch={false} className="text-accent underline">
            on {r.rceptDt}
          </Link>{" "}
          <span lang="ko" className="text-fg-muted">
            ({r.reportNm.trim()})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every free fact about one filing, and the link to the original. */
export function FilingDetails({ filing: f }: { filing: FilingDetail }) {
  const rceptDay = `${f.rceptDt} (KST)`;
  const facts: [string, React.ReactNode][] = [
    [
      "Event type",
      <Badge key="e" title={f.eventType}>
        {f.eventLabel}
      </Badge>,
    ],
    ["Importance", <ImportanceBadge key="i" score={f.importanceScore} />],
    ["Received by DART", rceptDay],
    [
      "First seen here",
      <time key="s" dateTime={f.seenAt}>
        {formatSeenAt(f.seenAt)}
      </time>,
    ],
    [
      "Receipt number",
      <span key="r" className="font-mono">
        {f.rcptNo}
      </span>,
    ],
    ["Usually carries figures", f.numericExpectation === "HIGH" ? "Yes" : "Rarely"],
    ["Of interest to", f.actionableFor.length ? f.actionableFor.map(audienceLabel).join(", ") : "General readers"],
    ...(f.sectorTags?.length
      ? ([["Sectors", f.sectorTags.map(titleCase).join(", ")]] as [string, React.ReactNode][])
      : []),
    ...(f.filerName
      ? ([
          [
            "Filed by",
            f.filerNameEn ? (
              <span key="f">
                {f.filerNameEn}{" "}
                <span lang="ko" className="text-fg-muted">
                  {f.filerName}
                </span>
              </span>
            ) : (
              <span key="f" lang="ko">
                {f.filerName}
              </span>
            ),
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <section aria-labelledby="filing-facts-heading">
      <h2 id="filing-facts-heading" className="text-base font-semibold">
        About this filing
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5 border-b border-border pb-2">
            <dt className="text-xs text-fg-muted">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">
        <a href={f.sourceUrl} target="_blank" rel="noreferrer" className="text-accent underline">
          Read the original on DART (Korean)<span className="sr-only"> (opens in a new tab)</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      </p>
    </section>
  );
}
