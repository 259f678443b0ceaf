/**
 * The limit's counters in Redis (RATE_LIMIT_STORE=redis): any Redis over TCP, self-hosted or
 * Upstash (Vercel's integration sets its rediss:// URL as REDIS_URL and KV_URL). ioredis is the
 * client rate-limiter-flexible's RateLimiterRedis is built for; Upstash's REST client does not
 * fit its interface, and a TCP client reaches any Redis from a Node.js function or server.
 *
 * The store never holds a request up: nothing waits for a connection except the first use
 * (at most CONNECT_TIMEOUT_MS), a command gets COMMAND_TIMEOUT_MS, and while the client is not
 * connected every call fails at once (rejectIfRedisNotReady), which the limit turns into a
 * request let through. The client reconnects on its own; a silent connection is dropped.
 */
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { LimitStore } from "./store";

const CONNECT_TIMEOUT_MS = 2_000;
const COMMAND_TIMEOUT_MS = 500;
/** Keys share the database with whatever else uses it (a Vercel KV store often serves several apps). */
const KEY_PREFIX = "dart-english:rate-limit:";

/** `url` comes from the environment only; it carries the password and is never logged. */
export function redisStore(url: string): LimitStore {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A command sent to a server that stopped answering gives up the connection, and with it the wait.
    socketTimeout: COMMAND_TIMEOUT_MS,
    // Calls are only made on a ready connection, so nothing queues behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // RESP2, the protocol every Redis and Redis-compatible service speaks (ioredis 6 defaults to RESP3).
    protocol: 2,
  });
  // Failures reach the limit through the calls that fail; without a listener ioredis prints them.
  client.on("error", () => {});
  let connected: Promise<void> | undefined;
  return {
    async limiter(points, seconds, keyPrefix) {
      connected ??= firstConnection(client);
      await connected;
      return new RateLimiterRedis({
        storeClient: client,
        rejectIfRedisNotReady: true,
        points,
        duration: seconds,
        keyPrefix: `${KEY_PREFIX}${keyPrefix}`,
      });
    },
    async close() {
      client.disconnect();
    },
  };
}

/** Starts connecting; settles when ready, on the first failure, or after CONNECT_TIMEOUT_MS — whichever comes first. */
function firstConnection(client: Redis): Promise<void> {
  return new Promise((settle) => {
    const timer = setTimeout(settle, CONNECT_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done).off("error", done);
      settle();
    };
    client.once("ready", done).once("error", done);
    client.connect().catch(() => {
      /* reported through "error"; the client keeps reconnecting */
    });
  });
}
