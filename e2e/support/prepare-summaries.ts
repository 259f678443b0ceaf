/**
 * Run before the payment specs' server starts, on its DATA_DIR (PGlite admits one process):
 * seeds the database, chooses the filings to buy (./paid-filings.ts) and generates their
 * summaries with the offline generator, so the server (whose model answers only errors) serves
 * them from the cache and answers 503 for the rest. Prints the PreparedFilings as JSON.
 *
 *   DATA_DIR=… tsx --conditions=react-server e2e/support/prepare-summaries.ts
 */
import { getDatabase } from "@/db";
import { getFilingView, latestFilingsForTicker } from "@/db/queries";
import { serviceClock } from "@/lib/clock";
import { listRecentFilings } from "@/lib/disclosures";
import { getOrCreateSummary } from "@/lib/summaries";
import { BY_TICKER_COUNT, PAID_FILING_CANDIDATES, type PreparedFilings } from "./paid-filings";

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
  const latest = await latestFilingsForTicker(db, ticker, BY_TICKER_COUNT, serviceClock().now());
  for (const view of latest) await getOrCreateSummary(db, view.filing.rcptNo);

  const sold = new Set([chosen.filing.rcptNo, ...latest.map((v) => v.filing.rcptNo)]);
  const { filings } = await listRecentFilings(db, serviceClock(), { limit: 50, since_hours: 168 });
  const unavailable = filings.find((f) => !sold.has(f.rcptNo) && f.ticker !== ticker);
  if (!unavailable) throw new Error("No other filing to leave without a summary");

  const prepared: PreparedFilings = {
    rcptNo: chosen.filing.rcptNo,
    ticker,
    byTicker: latest.map((v) => v.filing.rcptNo),
    unavailableRcptNo: unavailable.rcptNo,
  };
  await database.close();
  console.log(JSON.stringify(prepared));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
