/**
 * What the anti-abuse limit adds to a request, per store: one `take` (a free request's count)
 * in this process, in PGlite (in memory), and in a local redis-server (Debian's, started here);
 * then what a request waits while that Redis fails — stopped, and paused (connections open, no
 * answers: the first calls wait out the command timeout, the rest go through at once).
 *
 *   npm run bench:rate-limit
 */
import { openDatabase } from "@/db/client";
import { createRateLimit, databaseStore, memoryStore, type LimitStore, type RateLimit } from "@/lib/rate-limit";
import { redisStore } from "@/lib/rate-limit/redis";
import { fmt, percentile } from "./support/stats";
import { redisServerInstalled, startTestRedis } from "../dev/support/redis-server";

const CALLS = 2_000;
const CLIENTS = 100;

async function samples(limit: RateLimit, calls = CALLS): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await limit.take(`198.51.100.${i % CLIENTS}`);
    out.push(performance.now() - started);
  }
  return out;
}

function row(name: string, ms: number[]): void {
  console.log(`${name.padEnd(34)}${fmt(percentile(ms, 50))}${fmt(percentile(ms, 99))}${fmt(Math.max(...ms))}`);
}

async function measure(name: string, store: LimitStore): Promise<void> {
  const limit = createRateLimit(1_000_000, store);
  await samples(limit, 100); // warm: buckets made, connections open
  row(name, await samples(limit));
  await limit.close();
}

async function main(): Promise<void> {
  console.log(`one take(), ${CALLS} sequential calls over ${CLIENTS} clients (ms)`);
  console.log(`${"store".padEnd(34)}${"p50".padStart(8)}${"p99".padStart(8)}${"max".padStart(8)}`);
  await measure("memory", memoryStore);
  const pglite = await openDatabase({ dataDir: "memory://" });
  await measure("database (PGlite in memory)", databaseStore(pglite.db));
  await pglite.close();
  if (!redisServerInstalled) {
    console.log("Redis: redis-server is not installed (apt-get install -y redis-server)");
    return;
  }
  const redis = await startTestRedis();
  await measure("Redis (local redis-server)", redisStore(redis.url));

  const limit = createRateLimit(1_000_000, redisStore(redis.url));
  await samples(limit, 100);
  redis.pause();
  row("Redis paused: first 20 calls", await samples(limit, 20));
  row("Redis paused: next 200 calls", await samples(limit, 200));
  await redis.stop();
  row("Redis stopped: 200 calls", await samples(limit, 200));
  await limit.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
