import { classifyFiling } from "./classify";
import { normalizeReportNm } from "./title";

export interface TitleCount {
  reportNm: string;
  /** Rows carrying this title. */
  count: number;
}

export interface CoverageReport {
  rows: number;
  /** Rows given a specific event type (anything but OTHER). */
  specificRows: number;
  /** specificRows / rows. */
  share: number;
  /** Normalised titles still falling to OTHER, most frequent first. */
  otherTitles: TitleCount[];
}

/** How much of a body of real titles (weighted by row count) the rules recognise. */
export function measureCoverage(titles: readonly TitleCount[]): CoverageReport {
  let rows = 0;
  let specificRows = 0;
  const other = new Map<string, number>();
  for (const { reportNm, count } of titles) {
    rows += count;
    if (classifyFiling({ reportNm }).eventType !== "OTHER") {
      specificRows += count;
      continue;
    }
    const title = normalizeReportNm(reportNm);
    other.set(title, (other.get(title) ?? 0) + count);
  }
  const otherTitles = [...other].map(([reportNm, count]) => ({ reportNm, count })).sort((a, b) => b.count - a.count);
  return { rows, specificRows, share: rows === 0 ? 1 : specificRows / rows, otherTitles };
}
