/**
 * Runs a block of tests against every database the machine offers: in-memory PGlite always,
 * and real PostgreSQL (a database of its own on the server behind DATABASE_URL) when set.
 * Tables are emptied before each test.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import type { Db } from "@/db/client";
import { throwawayDatabases, type ThrowawayDatabase } from "../../dev/support/database";

const backends = throwawayDatabases();

/** `body` gets a function returning the current backend's database. */
export function describeEachDatabase(title: string, body: (db: () => Db) => void): void {
  for (const backend of backends) {
    describe(`${title} [${backend.name}]`, () => {
      let opened: Awaited<ReturnType<ThrowawayDatabase["open"]>> | undefined;
      beforeAll(async () => {
        opened = await backend.open();
      });
      afterAll(async () => {
        await opened?.dispose();
      });
      beforeEach(async () => {
        await opened!.database.db.execute(sql`truncate table filings, companies, ingest_state cascade`);
      });
      body(() => opened!.database.db);
    });
  }
}
