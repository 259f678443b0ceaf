/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or — when
 * DATABASE_URL points at a PostgreSQL server — a new database created on that server, so
 * test files can run in parallel without sharing tables.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database, type DriverKind } from "@/db/client";

export interface TestDatabase extends Database {
  /** The URL of the per-test database (PostgreSQL only). */
  url?: string;
  /** Drops the per-test database (PostgreSQL) and closes the handle. */
  destroy(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

/** Creates an empty database on the server behind DATABASE_URL and returns its URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestDatabase(driver?: DriverKind): Promise<TestDatabase> {
  if (!usingPostgres) {
    const database = await openDatabase({ dataDir: "memory://" });
    return { ...database, destroy: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ url: created.url, driver: driver ?? "pg", poolMax: 20 });
  return {
    ...database,
    url: created.url,
    async destroy() {
      await database.close();
      await created.drop();
    },
  };
}

/** A throwaway database of one kind, and how to get rid of it. */
export interface ThrowawayDatabase {
  name: "PGlite" | "PostgreSQL";
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

/** Every kind this machine offers: in-memory PGlite always, PostgreSQL when DATABASE_URL is set. */
export function throwawayDatabases(): ThrowawayDatabase[] {
  const kinds: ThrowawayDatabase[] = [
    {
      name: "PGlite",
      async open() {
        const database = await openDatabase({ dataDir: "memory://" });
        return { database, dispose: () => database.close() };
      },
    },
  ];
  if (usingPostgres) {
    kinds.push({
      name: "PostgreSQL",
      async open() {
        const created = await createPostgresDatabase();
        const database = await openDatabase({ url: created.url, driver: "pg" });
        return {
          database,
          async dispose() {
            await database.close();
            await created.drop();
          },
        };
      },
    });
  }
  return kinds;
}
