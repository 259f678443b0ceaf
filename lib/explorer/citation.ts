/**
 * A revealed summary as an analyst quotes and files it (issue 37): a citation (the sentence, its
 * figure, the Korean cell the figure was read from, the DART link) and the fact sheet as JSON.
 * Pure and free of server imports: the revealed summary's buttons build both in the browser,
 * from what this device was delivered.
 */
import { dartViewerUrl } from "@/lib/dart/viewer-url";
import type { DisclosureSummaryDto, FactDto, SourceCellsDto } from "@/lib/interface/schemas";
import { displayCompanyName } from "@/lib/names/display";

/** The sentences of a text: split after ., ! or ? followed by a space and a capital or digit (not inside "KRW 1.5"). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The receipt day of a filing (its receipt number's first eight digits), YYYY-MM-DD. */
export function receiptDay(rcptNo: string): string {
  return `${rcptNo.slice(0, 4)}-${rcptNo.slice(4, 6)}-${rcptNo.slice(6, 8)}`;
}

/** The figure a citation quotes: the first stated fact the summary's text contains, else the first stated fact. */
export function citedFact(summaryEn: string, facts: readonly FactDto[] = []): FactDto | undefined {
  const stated = facts.filter((f) => f.role);
  return stated.find((f) => summaryEn.includes(f.text)) ?? stated[0];
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The citation of a summary: who filed what and when, the sentence that states the figure (the
 * summary's first sentence when no fact is stated in it), the figure with the Korean label and
 * value it was read from, and the DART link.
 *
 *   Samsung Electronics (삼성전자), "Provisional operating results", DART receipt 20260730800123
 *   (2026-07-30): "Operating profit was KRW 4.7 trillion." Operating profit: KRW 4.7 trillion
 *   (filed as 영업이익: 4,700,000,000,000). https://dart.fss.or.kr/dsaf001/main.do?rcpNo=…
 */
export function citationText(summary: DisclosureSummaryDto, facts: readonly FactDto[] = []): string {
  const fact = citedFact(summary.summaryEn, facts);
  const all = sentences(summary.summaryEn);
  const sentence = (fact && all.find((s) => s.includes(fact.text))) ?? all[0] ?? "";
  const who = `${displayCompanyName(summary.corpNameEn)} (${summary.corpName})`;
  const parts = [
    `${who}, "${oneLine(summary.reportNmEn)}", DART receipt ${summary.rcptNo} (${receiptDay(summary.rcptNo)}):`,
    sentence && `"${oneLine(sentence)}"`,
    fact && `${capitalise(fact.label)}: ${fact.text} (filed as ${koreanCell(fact.source)}).`,
    dartViewerUrl(summary.rcptNo),
  ];
  return parts.filter(Boolean).join(" ");
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A Korean cell as filed: "영업이익: 4,700,000,000,000". */
export function koreanCell(source: SourceCellsDto): string {
  return `${oneLine(source.label)}: ${oneLine(source.value)}`;
}

/** The fact sheet a reader downloads: the summary, its facts with their Korean cells, the filing's other cells. */
export function factSheet(
  summary: DisclosureSummaryDto,
  facts: readonly FactDto[] = [],
  cells: readonly SourceCellsDto[] = [],
): string {
  const sheet = {
    rcptNo: summary.rcptNo,
    receiptDate: receiptDay(summary.rcptNo),
    company: { nameEn: displayCompanyName(summary.corpNameEn), nameKr: summary.corpName, tickers: summary.tickerTags },
    title: { en: summary.reportNmEn, kr: oneLine(summary.reportNm) },
    eventType: summary.eventType,
    importanceScore: summary.importanceScore,
    summaryEn: summary.summaryEn,
    facts,
    otherCells: cells,
    generatedAt: summary.generatedAt,
    dartUrl: dartViewerUrl(summary.rcptNo),
    citation: citationText(summary, facts),
  };
  return `${JSON.stringify(sheet, null, 2)}\n`;
}
