/** The long-running poll loop of a self-hosted server or the `npm run ingest -- --watch` worker. */
import type { Db } from "@/db";
import { getDb } from "@/lib/database";
import { getIngestState } from "@/db/queries";
import { serviceClock, type Clock } from "@/lib/clock";
import { createDartClient, type DartClient } from "@/lib/dart";
import { describeFailure } from "./job-state";
import { runPollCycle } from "./poll";

export interface PollerOptions {
  intervalSeconds: number;
  /** Defaults to the process's database, opened on the first cycle. */
  db?: Db;
  /** Defaults to a client configured from the environment. */
  client?: DartClient;
  clock?: Clock;
  log?: Pick<Console, "info" | "error">;
}

export interface Poller {
  /** Stops scheduling and waits for a cycle in flight to finish. */
  stop(): Promise<void>;
}

/**
 * Polls now and then every `intervalSeconds` after the previous cycle ends (a timeout chain,
 * not an interval, so cycles never overlap). While DART has asked for a pause the next cycle
 * waits for it. A failed cycle is logged and the loop goes on: nothing escapes it.
 */
export function startPoller(options: PollerOptions): Poller {
  const intervalMs = options.intervalSeconds * 1000;
  const clock = options.clock ?? serviceClock();
  const log = options.log ?? console;
  let client = options.client;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const delayUntil = (pausedUntil: Date | null) =>
    Math.max(intervalMs, pausedUntil ? pausedUntil.getTime() - clock.now().getTime() : 0);

  async function cycle(): Promise<number> {
    try {
      const db = options.db ?? (await getDb());
      client ??= createDartClient();
      const s = await runPollCycle(db, client, clock);
      if (s.status === "paused") {
        log.info(`[ingest] paused until ${s.pausedUntil?.toISOString()}`);
        return delayUntil(s.pausedUntil);
      }
      log.info(
        `[ingest] ${s.window.from}..${s.window.to}: ${s.fetched} rows in ${s.pages} pages, ` +
          `${s.inserted} new, ${s.updated} updated`,
      );
      return intervalMs;
    } catch (err) {
      const failure = describeFailure(err, clock.now());
      // The cycle recorded the pause, which depends on the failures before this one.
      const pausedUntil = await recordedPause();
      const pause = pausedUntil ? `; pausing until ${pausedUntil.toISOString()}` : "";
      log.error(`[ingest] poll failed (${failure.code}): ${failure.message}${pause}`);
      return delayUntil(pausedUntil);
    }
  }

  async function recordedPause(): Promise<Date | null> {
    try {
      return (await getIngestState(options.db ?? (await getDb()), "filings"))?.pausedUntil ?? null;
    } catch {
      return null; // the database is what failed
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = cycle().then((next) => {
        inFlight = undefined;
        schedule(next);
      });
    }, delayMs);
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
