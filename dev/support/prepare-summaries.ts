/**
 * Run before the payment specs' server starts, on its DATA_DIR (PGlite admits one process):
 * seeds the database, chooses the filings to buy (./paid-filings.ts) and generates their
 * summaries (offline generator), and puts one other filing in the state the service records
 * after a failed generation (its own lease functions), so the server answers 503
 * `summary_unavailable` for it until the cooldown ends. Prints the PreparedFilings as JSON.
 *
 *   DATA_DIR=… tsx --conditions=react-server dev/support/prepare-summaries.ts
 */
import { getDatabase } from "@/lib/database";
import { getFilingView, latestSellableFilingsForTicker } from "@/db/queries";
import { claimSummaryLease, markSummaryUnavailable } from "@/db/queries/summaries";
import { serviceClock } from "@/lib/clock";
import { listRecentFilings } from "@/lib/disclosures";
import { getOrCreateSummary } from "@/lib/summaries";
import { BY_TICKER_COUNT, PAID_FILING_CANDIDATES, type PreparedFilings } from "./paid-filings";

/** How long the prepared filing stays unavailable: longer than any run of the specs. */
const UNAVAILABLE_FOR_MS = 3 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const database = await getDatabase();
  const { db } = database;
  let chosen;
  for (const rcptNo of PAID_FILING_CANDIDATES) {
    chosen = await getFilingView(db, rcptNo);
    if (chosen?.filing.ticker) break;
  }
  const ticker = chosen?.company?.ticker ?? chosen?.filing.ticker;
  if (!chosen || !ticker) throw new Error(`None of ${PAID_FILING_CANDIDATES.join(", ")} is in the seed with a ticker`);

  await getOrCreateSummary(db, chosen.filing.rcptNo);
  // The filings by-ticker sells: the newest whose summaries can be grounded (bodies bundled).
  const latest = await latestSellableFilingsForTicker(db, ticker, BY_TICKER_COUNT, serviceClock().now(), false);
  for (const view of latest) await getOrCreateSummary(db, view.filing.rcptNo);

  // Another candidate when the seed has one (a filing that can be sold), else any recent filing.
  const sold = new Set([chosen.filing.rcptNo, ...latest.map((v) => v.filing.rcptNo)]);
  const { filings } = await listRecentFilings(db, serviceClock(), { limit: 50, since_hours: 168 });
  let unavailable: string | undefined;
  for (const rcptNo of PAID_FILING_CANDIDATES) {
    if (!sold.has(rcptNo) && (await getFilingView(db, rcptNo))) {
      unavailable = rcptNo;
      break;
    }
  }
  unavailable ??= filings.find((f) => !sold.has(f.rcptNo) && f.ticker !== ticker)?.rcptNo;
  if (!unavailable) throw new Error("No other filing to leave without a summary");
  const holder = "e2e-prepare";
  if (!(await claimSummaryLease(db, unavailable, holder, UNAVAILABLE_FOR_MS)))
    throw new Error(`${unavailable} is leased`);
  await markSummaryUnavailable(db, unavailable, holder, UNAVAILABLE_FOR_MS);

  const prepared: PreparedFilings = {
    rcptNo: chosen.filing.rcptNo,
    ticker,
    byTicker: latest.map((v) => v.filing.rcptNo),
    unavailableRcptNo: unavailable,
  };
  await database.close();
  console.log(JSON.stringify(prepared));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
