/**
 * The data layer: the schema, the process-wide database handle, and (in ./queries) plain
 * query functions that take the database as their first argument. The embedded database admits
 * one process per data folder: the web server shares it on a local socket, and other processes
 * (the operations scripts) reach it there (./embedded-owner.ts).
 */
import { env } from "@/lib/env";
import { DatabaseUnavailableError, openDatabase, type Database, type Db } from "./client";
import { seedIfEmpty } from "./seed";

export * as schema from "./schema";
export type { Db, Database } from "./client";
export { DatabaseUnavailableError, isDatabaseUnreachable, openDatabase, pingDatabase } from "./client";

const globalForDb = globalThis as unknown as { __database?: Promise<Database> };

/**
 * The process's database, opened lazily on first use (never at module load, so `next build`
 * workers never open the embedded database), migrated, and seeded when empty.
 */
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
