import "server-only";
import { DatabaseUnavailableError, openDatabase, type Database, type Db } from "@/db";
import { env } from "@/lib/env";
import { seedIfEmpty } from "@/lib/ingest/seed";

/**
 * The process's database: opened lazily on first use (never at module load, so `next build`
 * workers never open the embedded database) with the environment's settings, migrated, and
 * seeded with the bundled snapshot when empty. The data layer (db/) knows neither the
 * environment nor the seed; this is where they meet.
 */

const globalForDb = globalThis as unknown as { __database?: Promise<Database> };

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
