import { Badge } from "@/components/ui/badge";
import { sectorTagsForIndustry } from "@/lib/classify";
import { industryNameEn } from "@/lib/names/industries";
import type { CompanyProfile } from "@/lib/explorer";
import { titleCase } from "@/lib/explorer/format";

/** Market capitalisation in KRW, in words a reader scans: ₩412.3 trillion, ₩85.1 billion. */
function formatKrw(value: number): string {
  const oneDecimal = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
  if (value >= 1e12) return `₩${oneDecimal(value / 1e12)} trillion`;
  if (value >= 1e9) return `₩${oneDecimal(value / 1e9)} billion`;
  return `₩${Math.round(value / 1e6).toLocaleString("en-US")} million`;
}

/** A company's identity: names, ticker, market, industry, sector and size; `action` sits beside its name ("Watch"). */
export function CompanySummary({ company, action }: { company: CompanyProfile; action?: React.ReactNode }) {
  const facts: [string, React.ReactNode][] = [
    [
      "Ticker",
      <span key="t" className="num">
        {company.ticker}
      </span>,
    ],
    ["Market", company.market],
    [
      "DART code",
      <span key="c" className="num">
        {company.corpCode}
      </span>,
    ],
    ["Industry", company.industry ? <Industry key="i" ksic={company.industry} nameKr={company.nameKr} /> : "Not known"],
    ["Market cap", company.marketCap ? formatKrw(company.marketCap) : "Not known"],
  ];
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{company.nameEn}</h1>
        {action}
      </div>
      <p lang="ko" className="mt-1 text-lg text-fg-muted">
        {company.nameKr}
      </p>
      {company.sectorTags.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-1.5">
          {company.sectorTags.map((s) => (
            <Badge key={s}>{titleCase(s)}</Badge>
          ))}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_auto_auto_minmax(0,2fr)_auto]">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-fg-muted">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A KSIC industry (the directory holds its Korean name) in English — its KSIC name, else its
 * industry group — with the Korean name beside it, once.
 */
function Industry({ ksic, nameKr }: { ksic: string; nameKr: string }) {
  const english = industryNameEn(ksic) ?? sectorTagsForIndustry(ksic, nameKr)[0];
  if (!english) return <span lang="ko">{ksic}</span>;
  return (
    <>
      {english}{" "}
      <span lang="ko" className="block text-xs text-fg-muted">
        {ksic}
      </span>
    </>
  );
}
