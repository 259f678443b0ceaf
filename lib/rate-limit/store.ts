import type { RateLimiterAbstract } from "rate-limiter-flexible";

/** What every counter store implements (./index.ts: memory and database; ./redis.ts: Redis). */

/** Where a limit keeps its counters. */
export interface LimitStore {
  /** The bucket of `points` per `seconds` whose keys start with `keyPrefix`. */
  limiter(points: number, seconds: number, keyPrefix: string): Promise<RateLimiterAbstract>;
  /** Lets go of the store's connection, if it has one of its own. */
  close(): Promise<void>;
}
