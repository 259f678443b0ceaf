import "server-only";
import { sql } from "drizzle-orm";
import { DatabaseUnavailableError, isDatabaseUnreachable, openDatabase, type Database, type Db } from "@/db";
import { env } from "@/lib/env";
import { seedIfEmpty } from "@/lib/seed";

/**
 * The process's database: opened lazily on first use (never at module load, so `next build`
 * workers never open the embedded database) with the environment's settings, migrated, and
 * seeded with the bundled snapshot when empty. The data layer (db/) knows neither the
 * environment nor the seed; this is where they meet.
 */

const globalForDb = globalThis as unknown as {
  __database?: Promise<Database>;
  __databaseProbe?: { at: number; answers: Promise<boolean> };
};

export function getDatabase(): Promise<Database> {
  globalForDb.__database ??= (async () => {
    const e = env();
    const database = await openDatabase({
      url: e.DATABASE_URL,
      driver: e.DB_DRIVER,
      dataDir: e.DATA_DIR,
      poolMax: e.DB_POOL_MAX,
      shareEmbedded: isWebServer(),
    });
    await seedIfEmpty(database.db);
    return database;
  })().catch((err: unknown) => {
    globalForDb.__database = undefined; // let the next request retry
    throw new DatabaseUnavailableError(err);
  });
  return globalForDb.__database;
}

/**
 * The running Next.js server (not a build worker, not a script): it shares the embedded database
 * with the operations scripts for as long as it runs.
 */
function isWebServer(): boolean {
  return process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build";
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** How long a probe's verdict stands: at most one probe a second, however many pages are asked for. */
const PROBE_TTL_MS = 1_000;

/**
 * Whether the database can be reached now, probed (`select 1`) at most once a second: pages ask
 * before they render (lib/http/per-request.ts), so an outage is answered 503 rather than a
 * render that fails with 500. An error that is not about reaching the database counts as an answer.
 */
export function databaseAnswers(): Promise<boolean> {
  const last = globalForDb.__databaseProbe;
  if (last && Date.now() - last.at < PROBE_TTL_MS) return last.answers;
  const answers = getDb()
    .then((db) => db.execute(sql`select 1`))
    .then(
      () => true,
      (error: unknown) => !isDatabaseUnreachable(error),
    );
  globalForDb.__databaseProbe = { at: Date.now(), answers };
  return answers;
}
