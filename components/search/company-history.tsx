import { getDb } from "@/lib/database";
import { serviceClock } from "@/lib/clock";
import { cursorAfter, searchView, type ExplorerFiling } from "@/lib/explorer";
import { filingsCursor } from "@/lib/interface/schemas";
import { SearchResults } from "./search-results";

const HISTORY_ROWS = 30;

/**
 * A company's older filings, a page at a time (`?history=<cursor>`): the page's newest list shows
 * the first filings, this pages on from the last of them through the whole history.
 */
export async function CompanyHistory({
  ticker,
  newest,
  history,
}: {
  ticker: string;
  /** The filings the page already lists, newest first. */
  newest: readonly ExplorerFiling[];
  /** The `history` URL parameter: where the older page starts. */
  history?: string;
}) {
  const last = newest.at(-1);
  if (!last) return null;
  const given = filingsCursor.safeParse(history);
  const cursor = given.success ? given.data : filingsCursor.parse(cursorAfter(last));
  const view = await searchView(await getDb(), serviceClock(), {
    ticker,
    // Without a page asked for, only whether there is anything older.
    limit: given.success ? HISTORY_ROWS : 1,
    cursor,
    eventType: [],
    market: [],
  });
  if (view.filings.length === 0) return null;
  const href = (c: string) => `/companies/${ticker}?history=${encodeURIComponent(c)}#history`;
  return (
    <section id="history" aria-labelledby="history-heading" className="mt-8 min-w-0">
      <h2 id="history-heading" className="mb-3 text-lg font-semibold">
        Older filings
      </h2>
      {given.success ? (
        <SearchResults
          view={view}
          label="Older filings, newest first"
          showCompany={false}
          nextHref={view.nextCursor ? href(view.nextCursor) : null}
          firstHref={`/companies/${ticker}#history`}
        />
      ) : (
        <a className="text-sm text-accent underline" href={href(cursorAfter(last))}>
          Browse the whole history →
        </a>
      )}
    </section>
  );
}
