/**
 * The OpenDART ingest worker, on the database configured by the environment.
 *
 *   npm run ingest                                       one poll cycle
 *   npm run ingest -- --watch                            poll every DART_POLL_INTERVAL_SECONDS until stopped
 *   npm run ingest -- --from 2026-07-01 --to 2026-07-16  backfill those KST days (--to defaults to today)
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import type { Db } from "@/db";
import { getDatabase } from "@/lib/database";
import { kstDate, wallClock } from "@/lib/clock";
import { createDartClient, type DartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import { backfill, runPollCycle, startPoller } from "@/lib/ingest";

const { values: args } = parseArgs({
  options: {
    watch: { type: "boolean", default: false },
    from: { type: "string" },
    to: { type: "string" },
  },
});

async function main(): Promise<void> {
  const { DART_API_KEY, DART_POLL_INTERVAL_SECONDS } = env();
  if (!DART_API_KEY) {
    throw new Error("DART_API_KEY is not set: the service serves its bundled snapshot and there is nothing to ingest.");
  }
  const database = await getDatabase();
  const client = createDartClient();

  if (args.watch) {
    const poller = startPoller({
      intervalSeconds: DART_POLL_INTERVAL_SECONDS,
      db: database.db,
      client,
      clock: wallClock,
    });
    const shutdown = async () => {
      await poller.stop();
      await database.close();
      process.exit(0);
    };
    process.once("SIGINT", shutdown);
    process.once("SIGTERM", shutdown);
    return;
  }

  try {
    if (args.from) await runBackfill(database.db, client, args.from, args.to ?? kstDate(new Date()));
    else console.log(await runPollCycle(database.db, client, wallClock));
  } finally {
    await database.close();
  }
}

async function runBackfill(db: Db, client: DartClient, from: string, to: string): Promise<void> {
  const bar = new cliProgress.SingleBar(
    { format: "{bar} {value}/{total} days | {day} | {inserted} new, {updated} updated", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { day: from, inserted: 0, updated: 0 });
  try {
    const summary = await backfill(db, client, {
      from,
      to,
      onProgress: ({ day, daysDone, totalDays, totals }) => {
        bar.setTotal(totalDays);
        bar.update(daysDone, { day, inserted: totals.inserted, updated: totals.updated });
      },
    });
    bar.stop();
    console.log(
      `${from}..${to}: ${summary.fetched} rows in ${summary.pages} pages: ` +
        `${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} skipped (unchanged)`,
    );
  } catch (err) {
    bar.stop();
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
