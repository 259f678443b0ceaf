/**
 * The OpenDART ingest worker, on the database configured by the environment.
 *
 *   npm run ingest                                       one poll cycle
 *   npm run ingest -- --watch                            poll every DART_POLL_INTERVAL_SECONDS until stopped
 *   npm run ingest -- --from 2026-07-01 --to 2026-07-16  backfill those KST days (--to defaults to today)
 *
 * A backfill resumes from its checkpoint (rerun the same command after an interruption), keeps
 * within DART_BACKFILL_DAILY_CALLS list.json calls per KST day (--daily-calls overrides; at the
 * share it waits for KST midnight), and spaces calls --interval-ms apart (default 100).
 */
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import type { Db } from "@/db";
import { getDatabase } from "@/lib/database";
import { kstDate, wallClock } from "@/lib/clock";
import { createDartClient, type DartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import { backfill, runPollCycle, startPoller, type BackfillOptions } from "@/lib/ingest";

const { values: args } = parseArgs({
  options: {
    watch: { type: "boolean", default: false },
    from: { type: "string" },
    to: { type: "string" },
    "daily-calls": { type: "string" },
    "interval-ms": { type: "string", default: "100" },
  },
});

async function main(): Promise<void> {
  const { DART_API_KEY, DART_POLL_INTERVAL_SECONDS, DART_BACKFILL_DAILY_CALLS } = env();
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
    if (args.from) {
      await runBackfill(database.db, client, args.from, args.to ?? kstDate(new Date()), {
        dailyCalls: args["daily-calls"] ? Number(args["daily-calls"]) : DART_BACKFILL_DAILY_CALLS,
        minIntervalMs: Number(args["interval-ms"]),
      });
    } else console.log(await runPollCycle(database.db, client, wallClock));
  } finally {
    await database.close();
  }
}

async function runBackfill(
  db: Db,
  client: DartClient,
  from: string,
  to: string,
  pacing: Pick<BackfillOptions, "dailyCalls" | "minIntervalMs">,
): Promise<void> {
  const bar = new cliProgress.SingleBar(
    {
      format:
        "{bar} {value}/{total} days | {day} | {inserted} new, {updated} updated | {rate} rows/s | ETA {eta_formatted}",
      hideCursor: true,
      etaBuffer: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let barStarted = false;
  try {
    const summary = await backfill(db, client, {
      from,
      to,
      ...pacing,
      onQuota: "wait",
      onProgress: ({ day, daysDone, totalDays, totals, resumedDays }) => {
        const payload = {
          day,
          inserted: totals.inserted,
          updated: totals.updated,
          rate: Math.round(totals.fetched / Math.max(0.001, (Date.now() - started) / 1000)),
        };
        // The ETA counts this run's days only: resumed days were not fetched now.
        if (!barStarted) {
          if (resumedDays > 0) console.log(`resuming ${from}..${to} after ${resumedDays} committed days`);
          bar.start(totalDays, daysDone, payload);
          barStarted = true;
        } else bar.update(daysDone, payload);
      },
    });
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${from}..${to}: ${summary.status}, ${summary.daysDone}/${summary.days} days; this run ${summary.fetched} rows in ${summary.pages} pages ` +
        `(${Math.round(summary.fetched / Math.max(seconds, 0.001))} rows/s, ${seconds.toFixed(1)} s): ` +
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
