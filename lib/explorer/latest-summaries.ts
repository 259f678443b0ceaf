/** What "Buy the latest N" on a company page delivers: pure, so the page's client island uses it too. */

/**
 * One of the filings a by-ticker purchase would cover, newest first, as by-ticker picks them:
 * - ready: its summary is delivered (cached, or grounded in a stored body or record);
 * - maybe: DART has not been asked for its sources yet; the purchase asks, and it is delivered
 *   only if DART has them;
 * - none: it states none of its type's key facts (no_facts), so nothing comes back for it.
 */
export type LatestSummaryState = "ready" | "maybe" | "none";

/** Which filing a by-ticker purchase would cover at that place: named (its day and title) before signing. */
export interface LatestSummaryFiling {
  rcptNo: string;
  /** Its receipt day, YYYY-MM-DD (KST). */
  rceptDt: string;
  reportNmEn: string;
}

/**
 * The days the first `limit` filings of a purchase were filed, newest first, in words: "2026-04-24
 * and 2022-08-16", "2026-07-16, 2026-07-10 and 2 more". So "the latest N" states which filings it
 * means: the company's newest filings whose summaries can be had, which may be older than its
 * newest filings.
 */
export function coveredDays(filings: readonly LatestSummaryFiling[], limit: number, shown = 3): string {
  const days = filings.slice(0, limit).map((f) => f.rceptDt);
  if (days.length <= 1) return days.join("");
  if (days.length <= shown) return `${days.slice(0, -1).join(", ")} and ${days.at(-1)}`;
  return `${days.slice(0, shown).join(", ")} and ${days.length - shown} more`;
}

/** How many summaries by-ticker with `limit` delivers for sure, and how many more it may. */
export function deliveredFor(states: readonly LatestSummaryState[], limit: number): { ready: number; maybe: number } {
  const covered = states.slice(0, limit);
  return {
    ready: covered.filter((s) => s === "ready").length,
    maybe: covered.filter((s) => s === "maybe").length,
  };
}

/**
 * The N "Buy the latest N" proposes: the newest filings whose summaries all come back (so the
 * charge for N buys N); 0 when the newest has none ready, and then no purchase is proposed.
 */
export function proposedLimit(states: readonly LatestSummaryState[]): number {
  const firstNotReady = states.findIndex((s) => s !== "ready");
  return firstNotReady === -1 ? states.length : firstNotReady;
}
