import { Feed } from "feed";
import { formatSeenAt } from "./format";
import type { ExplorerFiling } from "./feed";

export interface AtomFeedInput {
  title: string;
  /** The feed's own absolute URL (rel=self) and the page it mirrors (rel=alternate). */
  selfUrl: string;
  pageUrl: string;
  baseUrl: string;
  filings: ExplorerFiling[];
  /** When the data was last current: the snapshot date or the last poll. */
  updated: Date;
}

/** An Atom 1.0 document of feed rows; entries link to the explorer's filing page and the original. */
export function atomFeed(input: AtomFeedInput): string {
  const feed = new Feed({
    id: input.selfUrl,
    title: input.title,
    link: input.pageUrl,
    updated: input.updated,
    generator: "DART in English",
    language: "en",
    feedLinks: { atom: input.selfUrl },
    copyright: "Filings: Financial Supervisory Service (DART). Labels: DART in English.",
  });
  for (const f of input.filings) {
    const page = `${input.baseUrl}/filings/${f.rcptNo}`;
    feed.addItem({
      id: `urn:dart:rcept:${f.rcptNo}`,
      title: `${f.corpNameEn} (${f.ticker}): ${f.reportNmEn}`,
      link: page,
      date: new Date(f.seenAt),
      published: new Date(f.seenAt),
      description: [
        `${f.eventLabel} · importance ${f.importanceScore}/10`,
        `${f.corpName} · ${f.reportNm}`,
        `Seen ${formatSeenAt(f.seenAt)} · original: ${f.sourceUrl}`,
      ].join("\n"),
      category: [{ term: f.eventType, name: f.eventLabel }],
      author: [{ name: f.corpNameEn }],
    });
  }
  return feed.atom1();
}
