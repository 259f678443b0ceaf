/**
 * The anti-abuse layer: per-client buckets (rate-limiter-flexible) over the free budget
 * RATE_LIMIT_PER_MINUTE (0 turns it off), spread over the minute by a second bucket of
 * RATE_LIMIT_PER_SECOND: a client may burst (a page load and the links it prefetches, a
 * type-ahead) but cannot spend the minute's budget in its first seconds, which would take the
 * server from the other clients while it is still within its budget (BENCHMARKS.md, issue 24).
 * A request must find room in both; one refused by the second's bucket spends nothing of the
 * minute's. The client is the first address in the TRUSTED_IP_HEADER request header, which the
 * platform or proxy in front sets (Vercel and the self-hosted server, lib/server, both fill x-forwarded-for). Counters live in this process, or — so several
 * instances share them — in the service's own database (RATE_LIMIT_STORE=database) or in Redis
 * (RATE_LIMIT_STORE=redis, ./redis.ts; chosen by default when a Redis URL is configured).
 *
 * Payments: a request carrying a payment is not counted before it is verified, so a paid
 * answer is never lost to the limit; a payment refused (402) or malformed (400) then costs a
 * point from a per-minute bucket of its own, and a client whose refused payments used that
 * bucket up is turned away before verification, like a free client over its budget.
 *
 * A store that fails never fails a request: the request goes through uncounted, and the
 * outage is logged once when it starts and once when the store answers again.
 */
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { describeError, log } from "@/lib/log";
import type { Db } from "@/db";
import type { LimitStore } from "./store";

export type { LimitStore } from "./store";

/** Created on first use by `databaseStore`, outside the app's migrations: it holds only counters. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

export const memoryStore: LimitStore = {
  limiter: async (points, seconds, keyPrefix) => new RateLimiterMemory({ points, duration: seconds, keyPrefix }),
  close: async () => {},
};

export function databaseStore(db: Db): LimitStore {
  let table: Promise<unknown> | undefined;
  return {
    async limiter(points, seconds, keyPrefix) {
      table ??= db
        .execute(
          sql`create table if not exists rate_limits (key text primary key, points integer not null, expire timestamptz)`,
        )
        .catch((err: unknown) => {
          table = undefined; // the next request tries again
          throw err;
        });
      await table;
      return new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        points,
        duration: seconds,
        keyPrefix,
      });
    },
    close: async () => {}, // the database is the app's
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
  /** Lets go of the store's connection. */
  close(): Promise<void>;
}

/** The verdict while the store fails: go on, uncounted. */
const LET_THROUGH: LimitVerdict = { limited: false, headers: {} };

/** A budget of `points` per `seconds`, as RateLimit-Policy names it. */
interface Policy {
  points: number;
  seconds: number;
  bucket: () => Promise<RateLimiterAbstract>;
}

/**
 * `perSecond` (0: none) spreads the free budget over the minute; it is left out when it could
 * never refuse anything the minute's budget would let through.
 */
export function createRateLimit(perMinute: number, store: LimitStore = memoryStore, perSecond = 0): RateLimit {
  const policy = (points: number, seconds: number, keyPrefix: string): Policy => ({
    points,
    seconds,
    bucket: bucket(store, points, seconds, keyPrefix),
  });
  const minute = policy(perMinute, 60, "free");
  const second = perSecond > 0 && perSecond < perMinute ? [policy(perSecond, 1, "free-second")] : [];
  // The burst bucket is asked first: a request it refuses spends nothing of the minute's budget.
  const free = [...second, minute];
  const payments = policy(perMinute, 60, "refused-payment");
  const health = storeHealth();
  const policies = (applied: Policy[]) => applied.map((p) => `${p.points};w=${p.seconds}`).join(", ");
  const freePolicies = policies([minute, ...second]);
  const paymentPolicies = policies([payments]);
  /** Limit, Remaining and Reset describe the policy that refused, or else the one closest to refusing. */
  const verdict = (listed: string, applied: Policy, res: RateLimiterRes, limited: boolean): LimitVerdict => {
    health.answered();
    const reset = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    const headers: Record<string, string> = {
      "RateLimit-Policy": listed,
      "RateLimit-Limit": String(applied.points),
      "RateLimit-Remaining": String(Math.max(0, res.remainingPoints)),
      "RateLimit-Reset": reset,
    };
    if (limited) headers["Retry-After"] = reset;
    return { limited, headers };
  };
  return {
    async take(client) {
      let closest: { policy: Policy; res: RateLimiterRes } | undefined;
      for (const applied of free) {
        try {
          const res = await (await applied.bucket()).consume(client);
          if (!closest || res.remainingPoints < closest.res.remainingPoints) closest = { policy: applied, res };
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return verdict(freePolicies, applied, rejection, true);
          return health.failed(rejection);
        }
      }
      return verdict(freePolicies, closest!.policy, closest!.res, false);
    },
    async checkPayment(client) {
      try {
        const res = await (await payments.bucket()).get(client);
        if (!res) {
          health.answered();
          return LET_THROUGH; // no refused payments on record
        }
        return verdict(paymentPolicies, payments, res, res.remainingPoints <= 0);
      } catch (err) {
        return health.failed(err);
      }
    },
    async chargeRefusedPayment(client) {
      try {
        await (await payments.bucket()).penalty(client);
        health.answered();
      } catch (err) {
        health.failed(err);
      }
    },
    close: () => store.close(),
  };
}

/** A bucket made on first use; a store that could not make it is asked again next time. */
function bucket(
  store: LimitStore,
  points: number,
  seconds: number,
  keyPrefix: string,
): () => Promise<RateLimiterAbstract> {
  let made: Promise<RateLimiterAbstract> | undefined;
  return () =>
    (made ??= store.limiter(points, seconds, keyPrefix).catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}

/** Logs a store outage once when it starts and once when it ends, however many requests it lets through. */
function storeHealth() {
  let letThrough = 0;
  return {
    failed(err: unknown): LimitVerdict {
      if (letThrough++ === 0)
        log().warn({ err: describeError(err) }, "rate limit store unavailable; requests go through uncounted");
      return LET_THROUGH;
    },
    answered(): void {
      if (letThrough === 0) return;
      log().info({ letThrough }, "rate limit store answering again");
      letThrough = 0;
    },
  };
}

/** The client's address from the trusted header: its first entry, or "unknown" when absent. */
export function clientKey(headers: Pick<Headers, "get">, header = env().TRUSTED_IP_HEADER): string {
  const value = headers.get(header);
  if (!value) return "unknown";
  const first = value.split(",")[0].trim();
  return first.slice(0, 64) || "unknown";
}

const globalForLimit = globalThis as { __rateLimit?: Promise<RateLimit | null> };

/** The process's limit from the environment; null when RATE_LIMIT_PER_MINUTE is 0. */
export function processRateLimit(): Promise<RateLimit | null> {
  globalForLimit.__rateLimit ??= (async () => {
    const { RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_SECOND, RATE_LIMIT_STORE, REDIS_URL, KV_URL } = env();
    if (RATE_LIMIT_PER_MINUTE === 0) return null;
    const limitOn = (store: LimitStore) => createRateLimit(RATE_LIMIT_PER_MINUTE, store, RATE_LIMIT_PER_SECOND);
    if (RATE_LIMIT_STORE === "memory") return limitOn(memoryStore);
    if (RATE_LIMIT_STORE === "redis") {
      const { redisStore } = await import("./redis");
      return limitOn(redisStore((REDIS_URL ?? KV_URL)!));
    }
    const { getDb } = await import("@/lib/database");
    return limitOn(databaseStore(await getDb()));
  })().catch((err: unknown) => {
    globalForLimit.__rateLimit = undefined;
    throw err;
  });
  return globalForLimit.__rateLimit;
}

/** Forget the process's limit, closing its store's connection (tests that change the environment). */
export async function resetRateLimit(): Promise<void> {
  const previous = globalForLimit.__rateLimit;
  globalForLimit.__rateLimit = undefined;
  await (await previous?.catch(() => null))?.close();
}
