/**
 * Migrations tested on a database holding rows written before them: a migratable database
 * (PGlite, or a fresh PostgreSQL database with DATABASE_URL) and the migrations folder cut
 * before a tag. Used by each data migration's test.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { onTestFinished } from "vitest";
import { createPostgresDatabase, usingPostgres } from "../../dev/support/database";

export const MIGRATIONS = path.resolve(import.meta.dirname, "../../db/migrations");

export interface Migratable {
  migrate(folder: string): Promise<void>;
  query(statement: ReturnType<typeof sql>): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function pglite(): Promise<Migratable> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  const db = drizzle(client);
  return {
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    query: async (statement) => (await db.execute(statement)).rows as Record<string, unknown>[],
    close: () => client.close(),
  };
}

export async function postgres(): Promise<Migratable> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const created = await createPostgresDatabase();
  const pool = new Pool({ connectionString: created.url });
  const db = drizzle(pool);
  return {
    migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
    query: async (statement) => (await db.execute(statement)).rows as Record<string, unknown>[],
    close: async () => {
      await pool.end();
      await created.drop();
    },
  };
}

/** The migrations up to (not including) `tag`, as a folder of their own, removed when the test that asked for it ends. */
export async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "migrations-"));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string; idx: number }[] };
  const cut = journal.entries.find((entry) => entry.tag === tag)!.idx;
  journal.entries = journal.entries.filter((entry) => entry.idx < cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** The backends a migration is tested on: PGlite, and PostgreSQL when DATABASE_URL names one. */
export const MIGRATION_BACKENDS: [string, () => Promise<Migratable>][] = [
  ["PGlite", pglite],
  ...(usingPostgres ? ([["PostgreSQL", postgres]] as [string, () => Promise<Migratable>][]) : []),
];
