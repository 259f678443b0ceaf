/**
 * Generates (or reads from the cache) English summaries on the database the environment
 * configures, with the configured generator: OpenAI-compatible with OPENAI_API_KEY,
 * offline without.
 *
 *   npm run summarize -- --rcpt 20260716000123             one filing; prints its DisclosureSummaryDto
 *   npm run summarize -- --ticker 005930 --limit 20        pre-generate a company's newest filings
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { getDatabase, type Db } from "@/db";
import { getFilingView, latestFilingsForTicker } from "@/db/queries";
import { getSummary } from "@/db/queries/summaries";
import { serviceClock } from "@/lib/clock";
import { toDisclosureSummaryDto } from "@/lib/disclosures/dto";
import { getOrCreateSummary, SummaryUnavailableError } from "@/lib/summaries";

const { values: args } = parseArgs({
  options: {
    rcpt: { type: "string" },
    ticker: { type: "string" },
    limit: { type: "string", default: "10" },
  },
});

async function summarizeOne(db: Db, rcptNo: string): Promise<void> {
  const summary = await getOrCreateSummary(db, rcptNo);
  const view = await getFilingView(db, rcptNo);
  console.log(JSON.stringify(view ? toDisclosureSummaryDto(view, summary) : summary, null, 2));
}

async function summarizeTicker(db: Db, ticker: string, limit: number): Promise<void> {
  const views = await latestFilingsForTicker(db, ticker, limit, serviceClock().now());
  if (views.length === 0) {
    console.log(`No filings for ticker ${ticker}.`);
    return;
  }
  const counts = { cached: 0, generated: 0, unavailable: 0 };
  const bar = new cliProgress.SingleBar(
    { format: "{bar} {value}/{total} filings | {cached} cached, {generated} generated, {unavailable} unavailable", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(views.length, 0, counts);
  for (const { filing } of views) {
    if (await getSummary(db, filing.rcptNo)) counts.cached += 1;
    else {
      try {
        await getOrCreateSummary(db, filing.rcptNo);
        counts.generated += 1;
      } catch (err) {
        if (!(err instanceof SummaryUnavailableError)) throw err;
        counts.unavailable += 1;
      }
    }
    bar.increment(1, counts);
  }
  bar.stop();
  console.log(`${ticker}: ${counts.cached} cached, ${counts.generated} generated, ${counts.unavailable} unavailable`);
}

async function main(): Promise<void> {
  if (!args.rcpt && !args.ticker) {
    throw new Error("usage: npm run summarize -- --rcpt <receipt number> | --ticker <ticker> [--limit N]");
  }
  const database = await getDatabase();
  try {
    if (args.rcpt) await summarizeOne(database.db, args.rcpt);
    else await summarizeTicker(database.db, args.ticker!.toUpperCase(), Math.max(1, Number.parseInt(args.limit, 10) || 10));
  } finally {
    await database.close();
  }
}

await main();
