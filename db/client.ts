import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "./schema";

/** Any drizzle Postgres database over this schema: PGlite, node-postgres or Neon. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DriverKind = "pglite" | "pg" | "neon";

export interface Database {
  db: Db;
  kind: DriverKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite database in `dataDir` is used. */
  url?: string;
  driver?: DriverKind;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string;
  poolMax?: number;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
/** Serialises migrations when several server instances start against one database. */
const MIGRATION_LOCK_KEY = 0x6461_7274; // "dart"
/** An unreachable server fails a request in about this long (a 503) instead of hanging it. */
const CONNECT_TIMEOUT_MS = 1_500;

export function chooseDriver(options: DatabaseOptions): DriverKind {
  if (options.driver) return options.driver;
  if (!options.url) return "pglite";
  return /\.neon\.tech\b|\.neon\.build\b/.test(options.url) ? "neon" : "pg";
}

/** Opens a database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const kind = chooseDriver(options);
  if (kind === "pglite") return openPglite(options.dataDir ?? "./.data");
  if (!options.url) throw new Error(`DB_DRIVER=${kind} needs DATABASE_URL`);
  return kind === "neon" ? openNeon(options.url, options.poolMax) : openNodePg(options.url, options.poolMax);
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const location = dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite");
  if (!location.startsWith("memory://")) await mkdir(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

async function openNodePg(url: string, poolMax = 10): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    conn.release();
  }
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Db, kind: "pg", close: () => pool.end() };
}

async function openNeon(url: string, poolMax = 10): Promise<Database> {
  const { Pool, neonConfig } = await import("@neondatabase/serverless");
  const { drizzle } = await import("drizzle-orm/neon-serverless");
  const { migrate } = await import("drizzle-orm/neon-serverless/migrator");
  if (typeof WebSocket === "undefined") {
    neonConfig.webSocketConstructor = (await import("ws")).default;
  }
  const pool = new Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on("error", (err: Error) => console.error("[db] idle client error:", err.message));
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(conn as never, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    conn.release();
  }
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Db, kind: "neon", close: () => pool.end() };
}

/** Cheap reachability probe for the health endpoint. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
