/** Shapes stored rows into the interface's resources (field names exactly as the spec). */
import { dartViewerUrl } from "@/lib/dart/viewer-url";
import { companyNameEn } from "@/lib/names";
import type {
  CompanyDto,
  DisclosureFactsResponse,
  DisclosureSummaryDto,
  FactDto,
  RecentFilingDto,
} from "@/lib/interface/schemas";
import type { FactCell, FactSource, SheetFact } from "@/lib/summaries/facts";
import type { Company, FilingView } from "@/db/queries";
import type { summaries } from "@/db/schema";

export type SummaryRow = typeof summaries.$inferSelect;

/** The company's one English name (lib/names): the directory's, else the translation of its Korean name. */
function englishName(view: FilingView): string {
  return companyNameEn(view.filing.corpName, view.company);
}

/** Tickers from the directory (or DART's own stock code), never from a model. */
function tickerTags(view: FilingView): string[] {
  const ticker = view.company?.ticker ?? view.filing.ticker;
  return ticker ? [ticker] : [];
}

export function toRecentFilingDto(view: FilingView): RecentFilingDto {
  const f = view.filing;
  return {
    rcptNo: f.rcptNo,
    ticker: f.ticker ?? "",
    corpName: f.corpName,
    corpNameEn: englishName(view),
    reportNm: f.reportNm.trim(),
    reportNmEn: f.reportNmEn,
    rceptDt: f.rceptDt,
    importanceScore: f.importanceScore,
    eventType: f.eventType,
    // Present only once a summary exists: absence means "not yet classified", not "no sector".
    ...(view.summary ? { sectorTags: view.summary.sectorTags } : {}),
    tickerTags: tickerTags(view),
    actionableFor: f.actionableFor,
    sourceUrl: dartViewerUrl(f.rcptNo),
    numericExpectation: f.numericExpectation as RecentFilingDto["numericExpectation"],
  };
}

export function toDisclosureSummaryDto(view: FilingView, summary: SummaryRow): DisclosureSummaryDto {
  const f = view.filing;
  return {
    rcptNo: f.rcptNo,
    corpName: f.corpName,
    corpNameEn: englishName(view),
    reportNm: f.reportNm.trim(),
    reportNmEn: f.reportNmEn,
    summaryEn: summary.summaryEn,
    importanceScore: summary.importanceScore,
    eventType: f.eventType,
    sectorTags: summary.sectorTags,
    tickerTags: summary.tickerTags,
    actionableFor: summary.actionableFor,
    sourceUrl: dartViewerUrl(f.rcptNo),
    numericExpectation: f.numericExpectation as DisclosureSummaryDto["numericExpectation"],
    generatedAt: summary.generatedAt.toISOString(),
  };
}

/** A summary with the fact sheet it was rendered from (GET /v1/disclosures/facts). */
export function toDisclosureFactsResponse(
  view: FilingView,
  answer: {
    summary: SummaryRow;
    facts: readonly SheetFact[];
    cells: readonly FactCell[];
    correctsRcptNo: string | null;
    generator: string;
  },
): DisclosureFactsResponse {
  return {
    rcptNo: view.filing.rcptNo,
    summary: toDisclosureSummaryDto(view, answer.summary),
    facts: answer.facts.map(toFactDto),
    correctsRcptNo: answer.correctsRcptNo,
    cells: answer.cells.map(sourceCellsDto),
    generator: answer.generator,
  };
}

function sourceCellsDto({ label, value, section, column }: FactSource): FactDto["source"] {
  return { label, value, ...(section ? { section } : {}), ...(column ? { column } : {}) };
}

function toFactDto(fact: SheetFact): FactDto {
  return {
    id: fact.id,
    role: fact.role,
    label: fact.label,
    kind: fact.kind,
    value: fact.value,
    unit: fact.unit,
    text: fact.text,
    ...(fact.translatedBy ? { translatedBy: fact.translatedBy } : {}),
    source: sourceCellsDto(fact.source),
  };
}

export function toCompanyDto(company: Company, isExactMatch = false): CompanyDto {
  return {
    ticker: company.ticker,
    corpCode: company.corpCode,
    nameKr: company.nameKr,
    nameEn: company.nameEn,
    market: company.market ?? "UNKNOWN",
    isExactMatch,
  };
}
