import { mkdir } from "node:fs/promises";
import path from "node:path";
import { claimEmbeddedDatabase, type EmbeddedDatabaseClaim } from "./embedded-owner";
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
  /**
   * Embedded database on disk only: serve it on a local socket while this process has it open,
   * so other processes (the operations scripts) can use it meanwhile. The web server does.
   */
  shareEmbedded?: boolean;
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
  if (kind === "pglite") return openEmbedded(options.dataDir ?? "./.data", options.shareEmbedded ?? false);
  if (!options.url) throw new Error(`DB_DRIVER=${kind} needs DATABASE_URL`);
  return kind === "neon" ? openNeon(options.url, options.poolMax) : openNodePg(options.url, options.poolMax);
}

/**
 * PGlite admits one process per data folder. The process that opens it claims the folder; while
 * a process that shares it (the web server) holds it, others reach the same database through its
 * socket with node-postgres, one connection each (PGlite runs one query at a time).
 */
async function openEmbedded(dataDir: string, share: boolean): Promise<Database> {
  if (dataDir.startsWith("memory://")) return openPglite(dataDir);
  const claim = await claimEmbeddedDatabase(dataDir);
  if (claim.kind === "shared") {
    const database = await openNodePg(claim.url, 1, { migrate: false });
    return { ...database, kind: "pglite" };
  }
  try {
    const database = await openPglite(dataDir, share ? claim : undefined);
    return { ...database, close: () => database.close().finally(() => claim.release()) };
  } catch (error) {
    await claim.release();
    throw error;
  }
}

async function openPglite(dataDir: string, share?: EmbeddedDatabaseClaim & { kind: "owner" }): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const location = dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite");
  if (!location.startsWith("memory://")) await mkdir(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const socket = share ? await share.serve(client) : undefined;
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: async () => {
      await socket?.stop();
      await client.close();
    },
  };
}

async function openNodePg(url: string, poolMax = 10, { migrate: migrateSchema = true } = {}): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  const conn = await pool.connect();
  try {
    if (migrateSchema) {
      await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } finally {
    if (migrateSchema) await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
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

/** Error codes of a database that cannot be reached right now, as opposed to a bad query. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
]);

/**
 * Whether `error` (or what caused it: drizzle wraps driver errors) says the database cannot be
 * reached, rather than that a query was wrong: refused or dropped connections, connection
 * timeouts, a server shutting down or starting (57P0x), any connection exception (08xxx), or an
 * embedded database that could not be opened.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    // A host name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error per address.
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnreachable)) return true;
  }
  return false;
}

/** The database could not be opened; `cause` says why. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
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
