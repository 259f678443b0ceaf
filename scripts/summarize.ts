/**
 * Generates (or reads from the cache) English summaries on the database the environment
 * configures, with the configured generator: OpenAI-compatible with OPENAI_API_KEY,
 * offline without. Only filings with a body or a DART structured record are summarised.
 *
 *   npm run summarize -- --rcpt 20260730800123              one filing; prints its DisclosureSummaryDto
 *   npm run summarize -- --ticker 005930 --limit 20         pre-generate a company's newest summarisable filings
 *   npm run summarize -- --regenerate --rcpt <no>           generate again and replace the stored summary
 *   npm run summarize -- --regenerate --ticker 005930       ... for a company's newest filings
 *   npm run summarize -- --regenerate --fallbacks [--limit] ... for every summary the fallback wrote during a model outage
 *
 * A regeneration never replaces a model's summary with a fallback, and waits for a run
 * already under way instead of starting a second one.
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import type { Db } from "@/db";
import { getDatabase } from "@/lib/database";
import { getFilingView, latestSellableFilingsForTicker } from "@/db/queries";
import { fallbackSummaryRcptNos, getSummary } from "@/db/queries/summaries";
import { serviceClock } from "@/lib/clock";
import { toDisclosureSummaryDto } from "@/lib/disclosures/dto";
import { env } from "@/lib/env";
import {
  getOrCreateSummary,
  regenerateSummary,
  summaryProvenance,
  SummaryNotAvailableError,
  SummaryUnavailableError,
} from "@/lib/summaries";

const { values: args } = parseArgs({
  options: {
    rcpt: { type: "string" },
    ticker: { type: "string" },
    limit: { type: "string", default: "10" },
    regenerate: { type: "boolean", default: false },
    fallbacks: { type: "boolean", default: false },
  },
});

const summarize = (db: Db, rcptNo: string) =>
  args.regenerate ? regenerateSummary(db, rcptNo) : getOrCreateSummary(db, rcptNo);

async function summarizeOne(db: Db, rcptNo: string): Promise<void> {
  const summary = await summarize(db, rcptNo);
  const view = await getFilingView(db, rcptNo);
  console.log(JSON.stringify(view ? toDisclosureSummaryDto(view, summary) : summary, null, 2));
  console.error(`generator: ${summaryProvenance(summary)}`);
}

async function summarizeMany(db: Db, label: string, rcptNos: string[]): Promise<void> {
  if (rcptNos.length === 0) {
    console.log(`${label}: nothing to summarise.`);
    return;
  }
  const counts = { cached: 0, generated: 0, unavailable: 0, notAvailable: 0 };
  const bar = new cliProgress.SingleBar(
    {
      format:
        "{bar} {value}/{total} filings | {cached} cached, {generated} generated, {unavailable} unavailable, {notAvailable} without a source",
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(rcptNos.length, 0, counts);
  for (const rcptNo of rcptNos) {
    if (!args.regenerate && (await getSummary(db, rcptNo))) counts.cached += 1;
    else {
      try {
        await summarize(db, rcptNo);
        counts.generated += 1;
      } catch (err) {
        if (err instanceof SummaryNotAvailableError) counts.notAvailable += 1;
        else if (err instanceof SummaryUnavailableError) counts.unavailable += 1;
        else throw err;
      }
    }
    bar.increment(1, counts);
  }
  bar.stop();
  console.log(
    `${label}: ${counts.cached} cached, ${counts.generated} generated, ${counts.unavailable} unavailable, ${counts.notAvailable} without a body or structured record`,
  );
}

async function main(): Promise<void> {
  if (!args.rcpt && !args.ticker && !(args.regenerate && args.fallbacks)) {
    throw new Error(
      "usage: npm run summarize -- [--regenerate] --rcpt <receipt number> | [--regenerate] --ticker <ticker> [--limit N] | --regenerate --fallbacks [--limit N]",
    );
  }
  const limit = Math.max(1, Number.parseInt(args.limit, 10) || 10);
  const database = await getDatabase();
  try {
    const db = database.db;
    if (args.rcpt) await summarizeOne(db, args.rcpt);
    else if (args.ticker) {
      const ticker = args.ticker.toUpperCase();
      const views = await latestSellableFilingsForTicker(
        db,
        ticker,
        limit,
        serviceClock().now(),
        Boolean(env().DART_API_KEY),
      );
      await summarizeMany(
        db,
        ticker,
        views.map((v) => v.filing.rcptNo),
      );
    } else await summarizeMany(db, "fallbacks", await fallbackSummaryRcptNos(db, limit));
  } finally {
    await database.close();
  }
}

await main();
