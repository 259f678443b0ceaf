/** What "Buy the latest N" on a company page delivers: pure, so the page's client island uses it too. */

/**
 * One of the filings a by-ticker purchase would cover, newest first, as by-ticker picks them:
 * - ready: its summary is delivered (cached, or grounded in a stored body or record);
 * - maybe: DART has not been asked for its sources yet; the purchase asks, and it is delivered
 *   only if DART has them;
 * - none: it states none of its type's key facts (no_facts), so nothing comes back for it.
 */
export type LatestSummaryState = "ready" | "maybe" | "none";

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
