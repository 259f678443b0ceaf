/**
 * The watchlist operations behind /v1/watchlists, /v1/alerts and the MCP watchlist tools. Every
 * one starts with a wallet sign-in (x402 sign-in-with-x: `signIn` is the SIGN-IN-WITH-X header's
 * value, or an MCP call's `_meta["sign-in-with-x"]` payload), verified as redelivery verifies it
 * (lib/payments' signedInWallet, its nonce used once), and acts only on that wallet's watchlists:
 * another wallet's is answered 404, exactly like one that does not exist.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import {
  alertsAfter,
  countWatchlists,
  creditOf,
  deleteWatchlist,
  getFilingView,
  getWatchlist,
  insertWatchlist,
  latestDeliveries,
  listWatchlists,
  updateWatchlist,
  type Watchlist,
} from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import { toRecentFilingDto } from "@/lib/disclosures";
import { localWebhookReceivers } from "@/lib/env";
import {
  SIGN_IN_WITH_X,
  WATCHLIST_LIMITS,
  type AlertsQuery,
  type AlertsResponse,
  type DeliveriesResponse,
  type TestDeliveryResponse,
  type WatchlistChange,
  type WatchlistCreate,
  type WatchlistDto,
} from "@/lib/interface";
import { signedInWallet, whenDatabaseUnreachable } from "@/lib/payments";
import { watchlistFeedUrl } from "./feed";
import { refusedUrl, type GuardSettings } from "./ssrf";
import { newWebhookSecret, sendWebhook } from "./webhook";
import { ATTEMPT_TIMEOUT_MS, signingSecrets, webhookIdOf } from "./worker";

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60_000;

/** The process's SSRF guard: local receivers only in local mode (WEBHOOK_LOCAL_RECEIVERS). */
export function alertGuard(): GuardSettings {
  return { local: localWebhookReceivers() };
}

export function toWatchlistDto(w: Watchlist): WatchlistDto {
  return {
    id: w.id,
    name: w.name,
    tickers: w.tickers,
    eventTypes: w.eventTypes,
    minImportance: w.minImportance,
    markets: w.markets,
    audiences: w.audiences,
    titleWords: w.titleWords,
    webhookUrl: w.webhookUrl,
    secretHint: `${w.secret.slice(0, 10)}…`,
    atomUrl: watchlistFeedUrl(w),
    disabled: w.disabledAt ? { at: w.disabledAt.toISOString(), reason: w.disabledReason ?? "" } : null,
    createdAt: w.createdAt.toISOString(),
  };
}

/** Filters as stored: each list without repeats. */
function deduped<T extends Partial<Record<FilterList, string[]>>>(input: T): T {
  const out = { ...input };
  for (const key of FILTER_LISTS) if (out[key]) out[key] = [...new Set(out[key])] as T[typeof key];
  return out;
}
const FILTER_LISTS = ["tickers", "eventTypes", "markets", "audiences", "titleWords"] as const;
type FilterList = (typeof FILTER_LISTS)[number];

const notFound = (id: string) => ApiError.notFound(`No watchlist ${id} for this wallet.`);

function checkUrl(url: string | null | undefined): void {
  if (!url) return;
  const reason = refusedUrl(new URL(url), alertGuard().local);
  if (reason) throw ApiError.validation([{ field: "webhookUrl", message: reason }]);
}

/** The sign-in a watchlist route's request carries. */
export const signInOf = (request: Request): string | null => request.headers.get(SIGN_IN_WITH_X.proof);

const guarded = <T>(work: Promise<T>) => work.catch(whenDatabaseUnreachable);

export async function listOwnWatchlists(signIn: unknown) {
  const { wallet, db } = await signedInWallet(signIn);
  const [rows, credit] = await guarded(Promise.all([listWatchlists(db, wallet), creditOf(db, wallet)]));
  return { wallet, watchlists: rows.map(toWatchlistDto), limit: WATCHLIST_LIMITS.perWallet, credit: credit.balance };
}

export async function createWatchlist(signIn: unknown, input: WatchlistCreate) {
  checkUrl(input.webhookUrl);
  const { wallet, db } = await signedInWallet(signIn);
  const created = await guarded(
    db.transaction(async (tx) => {
      // One creation per wallet at a time, so the limit holds under concurrent requests.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${wallet}`}))`);
      if ((await countWatchlists(tx as unknown as Db, wallet)) >= WATCHLIST_LIMITS.perWallet) {
        throw ApiError.validation([
          { field: "(wallet)", message: `a wallet may have at most ${WATCHLIST_LIMITS.perWallet} watchlists` },
        ]);
      }
      return insertWatchlist(tx as unknown as Db, {
        id: `wl_${randomBytes(12).toString("hex")}`,
        wallet,
        ...deduped(input),
        secret: newWebhookSecret(),
      });
    }),
  );
  return { ...toWatchlistDto(created), secret: created.secret };
}

export async function readWatchlist(signIn: unknown, id: string): Promise<WatchlistDto> {
  const { wallet, db } = await signedInWallet(signIn);
  const row = await guarded(getWatchlist(db, wallet, id));
  if (!row) throw notFound(id);
  return toWatchlistDto(row);
}

/**
 * Changes a watchlist; `rotateSecret` gives it a new secret (in the answer only), the old one
 * signing beside it for PREVIOUS_SECRET_GRACE_MS. A new endpoint, or enabled=true, starts
 * deliveries again with a clean failure count.
 */
export async function changeWatchlist(signIn: unknown, id: string, input: WatchlistChange) {
  checkUrl(input.webhookUrl);
  const { wallet, db } = await signedInWallet(signIn);
  const { enabled, rotateSecret, ...changes } = deduped(input);
  const current = await guarded(getWatchlist(db, wallet, id));
  if (!current) throw notFound(id);
  const secret = rotateSecret ? newWebhookSecret() : undefined;
  const row = await guarded(
    updateWatchlist(db, wallet, id, {
      ...changes,
      ...(enabled || input.webhookUrl !== undefined
        ? { disabledAt: null, disabledReason: null, consecutiveFailures: 0 }
        : {}),
      ...(secret
        ? {
            secret,
            previousSecret: current.secret,
            previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
          }
        : {}),
    }),
  );
  if (!row) throw notFound(id);
  return { ...toWatchlistDto(row), ...(secret ? { secret } : {}) };
}

export async function removeWatchlist(signIn: unknown, id: string): Promise<void> {
  const { wallet, db } = await signedInWallet(signIn);
  if (!(await guarded(deleteWatchlist(db, wallet, id)))) throw notFound(id);
}

/** GET /v1/watchlists/{id}/deliveries: the latest attempts, newest first. */
export async function recentDeliveries(signIn: unknown, id: string): Promise<DeliveriesResponse> {
  const { wallet, db } = await signedInWallet(signIn);
  const w = await guarded(getWatchlist(db, wallet, id));
  if (!w) throw notFound(id);
  const rows = await guarded(latestDeliveries(db, w.id, 50));
  return {
    watchlist: w.id,
    deliveries: rows.map((r) => ({
      webhookId: webhookIdOf(w.id, r.rcptNo),
      rcptNo: r.rcptNo,
      attempt: r.attempt,
      attemptedAt: r.attemptedAt.toISOString(),
      statusCode: r.statusCode,
      error: r.error,
      durationMs: r.durationMs,
    })),
  };
}

/** A signed `watchlist.test` request to the endpoint now, answered with what the receiver said. */
export async function testDelivery(signIn: unknown, id: string): Promise<TestDeliveryResponse> {
  const { wallet, db } = await signedInWallet(signIn);
  const w = await guarded(getWatchlist(db, wallet, id));
  if (!w) throw notFound(id);
  if (!w.webhookUrl) throw ApiError.validation([{ field: "webhookUrl", message: "this watchlist has no endpoint" }]);
  const at = new Date();
  const webhookId = `msg_test_${randomBytes(8).toString("hex")}`;
  const body = JSON.stringify({
    type: "watchlist.test",
    timestamp: at.toISOString(),
    data: { watchlistId: w.id },
  });
  const result = await sendWebhook({
    url: w.webhookUrl,
    id: webhookId,
    body,
    secrets: signingSecrets(w, at),
    at,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    guard: alertGuard(),
  });
  return {
    webhookId,
    delivered: result.error === null,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
  };
}

/** GET /v1/alerts: the watchlist's matches after the cursor, oldest first, with each filing's free row. */
export async function alertsPage(signIn: unknown, query: AlertsQuery): Promise<AlertsResponse> {
  const { wallet, db } = await signedInWallet(signIn);
  const w = await guarded(getWatchlist(db, wallet, query.watchlist));
  if (!w) throw notFound(query.watchlist);
  const after = query.cursor ? Number(query.cursor) : 0;
  const rows = await guarded(alertsAfter(db, w.id, after, query.limit));
  const views = await guarded(Promise.all(rows.map((m) => getFilingView(db, m.rcptNo))));
  return {
    watchlist: w.id,
    alerts: rows.map((m, i) => ({
      id: webhookIdOf(m.watchlistId, m.rcptNo),
      rcptNo: m.rcptNo,
      matchedAt: m.matchedAt.toISOString(),
      status: m.status,
      attempts: m.attempts,
      deliveredAt: m.deliveredAt?.toISOString() ?? null,
      lastError: m.lastError,
      charged: m.charged,
      filing: views[i] ? toRecentFilingDto(views[i]) : null,
    })),
    nextCursor: String(rows.at(-1)?.id ?? after),
  };
}
