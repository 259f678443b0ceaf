/**
 * The anti-abuse layer: a per-client token bucket (rate-limiter-flexible) over the free
 * budget RATE_LIMIT_PER_MINUTE (0 turns it off). The client is the first address in the
 * TRUSTED_IP_HEADER request header, which the platform or proxy in front sets (Vercel and
 * `next start` both fill x-forwarded-for). Counters live in this process, or with
 * RATE_LIMIT_STORE=database in the service's own database so several instances share them.
 *
 * Payments: a request carrying a payment is not counted before it is verified, so a paid
 * answer is never lost to the limit; a payment refused (402) or malformed (400) then costs a
 * point from a bucket of its own, and a client whose refused payments used that bucket up is
 * turned away before verification, like a free client over its budget.
 */
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "@/db";

const WINDOW_SECONDS = 60;

/** Created on first use by `databaseStore`, outside the app's migrations: it holds only counters. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

export type LimitStore = (points: number, keyPrefix: string) => Promise<RateLimiterAbstract>;

export const memoryStore: LimitStore = async (points, keyPrefix) =>
  new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });

export function databaseStore(db: Db): LimitStore {
  let table: Promise<unknown> | undefined;
  return async (points, keyPrefix) => {
    table ??= db.execute(
      sql`create table if not exists rate_limits (key text primary key, points integer not null, expire timestamptz)`,
    );
    await table;
    return new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, points, duration: WINDOW_SECONDS, keyPrefix });
  };
}

export interface LimitVerdict {
  /** A 429 is due. */
  limited: boolean;
  /** RateLimit-* (and, when limited, Retry-After) headers for the response. */
  headers: Record<string, string>;
}

export interface RateLimit {
  /** Counts a free request (one without a payment) and says whether it may go on. */
  take(client: string): Promise<LimitVerdict>;
  /** Before verifying a payment: refused only when the client's refused payments used their bucket up. */
  checkPayment(client: string): Promise<LimitVerdict>;
  /** After a payment was refused or malformed. */
  chargeRefusedPayment(client: string): Promise<void>;
}

export function createRateLimit(perMinute: number, store: LimitStore = memoryStore): RateLimit {
  const free = store(perMinute, "free");
  const payments = store(perMinute, "refused-payment");
  const policy = `${perMinute};w=${WINDOW_SECONDS}`;
  const verdict = (res: RateLimiterRes, limited: boolean): LimitVerdict => {
    const reset = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    const headers: Record<string, string> = {
      "RateLimit-Policy": policy,
      "RateLimit-Limit": String(perMinute),
      "RateLimit-Remaining": String(Math.max(0, res.remainingPoints)),
      "RateLimit-Reset": reset,
    };
    if (limited) headers["Retry-After"] = reset;
    return { limited, headers };
  };
  return {
    async take(client) {
      try {
        return verdict(await (await free).consume(client), false);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return verdict(rejection, true);
        throw rejection;
      }
    },
    async checkPayment(client) {
      const res = await (await payments).get(client);
      if (!res) return { limited: false, headers: {} };
      return verdict(res, res.remainingPoints <= 0);
    },
    async chargeRefusedPayment(client) {
      await (await payments).penalty(client);
    },
  };
}

/** The client's address from the trusted header: its first entry, or "unknown" when absent. */
export function clientKey(headers: Headers, header = env().TRUSTED_IP_HEADER): string {
  const value = headers.get(header);
  if (!value) return "unknown";
  const first = value.split(",")[0].trim();
  return first.slice(0, 64) || "unknown";
}

const globalForLimit = globalThis as { __rateLimit?: Promise<RateLimit | null> };

/** The process's limit from the environment; null when RATE_LIMIT_PER_MINUTE is 0. */
export function processRateLimit(): Promise<RateLimit | null> {
  globalForLimit.__rateLimit ??= (async () => {
    const { RATE_LIMIT_PER_MINUTE, RATE_LIMIT_STORE } = env();
    if (RATE_LIMIT_PER_MINUTE === 0) return null;
    if (RATE_LIMIT_STORE === "memory") return createRateLimit(RATE_LIMIT_PER_MINUTE);
    const { getDb } = await import("@/db");
    return createRateLimit(RATE_LIMIT_PER_MINUTE, databaseStore(await getDb()));
  })().catch((err: unknown) => {
    globalForLimit.__rateLimit = undefined;
    throw err;
  });
  return globalForLimit.__rateLimit;
}

/** Forget the process's limit (tests that change the environment). */
export function resetRateLimit(): void {
  globalForLimit.__rateLimit = undefined;
}
