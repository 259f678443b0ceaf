/**
 * Scheduled ingestion on serverless hosts (Vercel Cron): the handlers behind
 * /api/cron/ingest (every minute, two polls 30 s apart), /api/cron/companies (daily) and
 * /api/cron/backfill (every minute while DART_BACKFILL_FROM is set: a chunk of days per run).
 * Only a caller presenting `Authorization: Bearer $CRON_SECRET` gets in; with no secret
 * configured nobody does.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { getDb } from "@/lib/database";
import { ApiError } from "@/lib/api/errors";
import { CACHE_POLICIES, jsonResponse } from "@/lib/api/http";
import { addDays, kstDate, serviceClock, type Clock } from "@/lib/clock";
import { createDartClient, type DartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import { backfill } from "./backfill";
import { syncCompanies } from "./companies";
import { describeFailure } from "./job-state";
import { runPollCycle, type PollSummary } from "./poll";

export type CycleOutcome = PollSummary | { status: "failed"; code: string; message: string };

export interface SpacedPollOptions {
  cycles?: number;
  /** Between the starts of consecutive cycles. */
  spacingMs?: number;
  /** No cycle starts unless, at the pace of the slowest so far, it ends within this time. */
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Cron fires once a minute; polling every 30 s means two cycles per invocation, spaced
 * inside the function's time limit (maxDuration 60 s, with room to answer).
 */
export async function runSpacedPollCycles(
  db: Db,
  client: DartClient,
  clock: Clock,
  { cycles = 2, spacingMs = 30_000, budgetMs = 50_000, sleep = defaultSleep }: SpacedPollOptions = {},
): Promise<CycleOutcome[]> {
  const started = Date.now();
  const outcomes: CycleOutcome[] = [];
  let slowestMs = 0;
  for (let i = 0; i < cycles; i++) {
    const startAt = Math.max(i * spacingMs, Date.now() - started);
    if (i > 0 && startAt + slowestMs > budgetMs) break;
    const wait = startAt - (Date.now() - started);
    if (wait > 0) await sleep(wait);
    const cycleStart = Date.now();
    try {
      outcomes.push(await runPollCycle(db, client, clock));
    } catch (err) {
      const { code, message } = describeFailure(err, clock.now());
      console.error(`[ingest] cron poll failed (${code}): ${message}`);
      outcomes.push({ status: "failed", code, message });
    }
    slowestMs = Math.max(slowestMs, Date.now() - cycleStart);
  }
  return outcomes;
}

/** Constant-time check of the bearer secret (digests, so lengths leak nothing either). */
export function isAuthorizedCronRequest(request: Request, secret: string | undefined): boolean {
  const given = request.headers.get("authorization");
  if (!secret || !given) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(`Bearer ${secret}`));
}

const noStore = { "Cache-Control": CACHE_POLICIES.none };

function unauthorized(): Response {
  const error = new ApiError(
    "unauthorized",
    "This endpoint is for the scheduler: send Authorization: Bearer <CRON_SECRET>.",
  );
  return jsonResponse(error.toBody(), error.status, noStore);
}

/** Without a key there is nothing to fetch: the service serves its bundled snapshot. */
function snapshotMode(): Response {
  return jsonResponse({ status: "skipped", reason: "snapshot mode: DART_API_KEY is not configured" }, 200, noStore);
}

export async function handleIngestCron(request: Request): Promise<Response> {
  const e = env();
  if (!isAuthorizedCronRequest(request, e.CRON_SECRET)) return unauthorized();
  if (!e.DART_API_KEY) return snapshotMode();
  const cycles = await runSpacedPollCycles(await getDb(), createDartClient(), serviceClock());
  // A failure answers 502 so the scheduler's log shows it; the details are in the body and health.
  return jsonResponse({ cycles }, cycles.some((c) => c.status === "failed") ? 502 : 200, noStore);
}

export async function handleCompaniesCron(request: Request): Promise<Response> {
  const e = env();
  if (!isAuthorizedCronRequest(request, e.CRON_SECRET)) return unauthorized();
  if (!e.DART_API_KEY) return snapshotMode();
  try {
    const summary = await syncCompanies(await getDb(), createDartClient(), serviceClock());
    return jsonResponse({ status: "completed", ...summary }, 200, noStore);
  } catch (err) {
    const { code, message } = describeFailure(err, new Date());
    console.error(`[ingest] company directory sync failed (${code}): ${message}`);
    return jsonResponse({ status: "failed", code, message }, 502, noStore);
  }
}

/** A chunk stops before a day that would not end within this (maxDuration 60 s, with room to answer). */
const BACKFILL_CHUNK_MS = 45_000;

/**
 * One chunk of the configured backfill: the days that fit in the function's time, from the
 * checkpoint on. The next run continues; once the range is complete a run asks DART nothing.
 */
export async function handleBackfillCron(request: Request): Promise<Response> {
  const e = env();
  if (!isAuthorizedCronRequest(request, e.CRON_SECRET)) return unauthorized();
  if (!e.DART_API_KEY) return snapshotMode();
  if (!e.DART_BACKFILL_FROM) {
    return jsonResponse({ status: "skipped", reason: "DART_BACKFILL_FROM is not configured" }, 200, noStore);
  }
  const clock = serviceClock();
  const to = e.DART_BACKFILL_TO ?? addDays(kstDate(clock.now()), -1);
  try {
    const summary = await backfill(await getDb(), createDartClient(), {
      from: e.DART_BACKFILL_FROM,
      to,
      clock,
      dailyCalls: e.DART_BACKFILL_DAILY_CALLS,
      budgetMs: BACKFILL_CHUNK_MS,
      onQuota: "stop",
    });
    return jsonResponse({ from: e.DART_BACKFILL_FROM, to, ...summary }, 200, noStore);
  } catch (err) {
    const { code, message } = describeFailure(err, clock.now());
    console.error(`[ingest] backfill chunk failed (${code}): ${message}`);
    return jsonResponse({ status: "failed", code, message }, 502, noStore);
  }
}
