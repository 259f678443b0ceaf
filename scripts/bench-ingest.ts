/**
 * Ingest throughput, median of 3 runs each:
 *  - classify + upsert (storeFilings) of a 100,000-row batch built from the real recorded
 *    list.json rows under fresh receipt numbers, on PGlite and, when DATABASE_URL is set, on
 *    PostgreSQL (a throwaway database created on that server, never the one in the URL);
 *  - a full directory sync from a 100,000-entry corpCode.xml served by the local fake OpenDART.
 *
 *   npm run bench:ingest            (targets: ≥10,000 rows/s PostgreSQL, ≥3,000 PGlite, sync < 10 s)
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "@/db/client";
import { createDartClient, type DartListRow } from "@/lib/dart";
import { storeFilings, syncCompanies, toFilingInput } from "@/lib/ingest";
import { createPostgresDatabase } from "@/dev/support/database";
import { fullSizeCorpCodeXml, recordedFilingsByDay, startFakeDartServer } from "@/dev/support/fake-dart-server";

const BATCH = 100_000;
const RUNS = 3;

function batchOfRealRows(): DartListRow[] {
  const real = Object.values(recordedFilingsByDay()).flat();
  // Fresh 14-digit receipt numbers no real filing has (they start with the receipt year).
  return Array.from({ length: BATCH }, (_, i) => ({ ...real[i % real.length], rcept_no: String(90_000_000_000_000 + i) }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

interface Target {
  name: string;
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: "PGlite",
    async open() {
      const database = await openDatabase({ dataDir: "memory://" });
      return { database, dispose: () => database.close() };
    },
  },
];
if (process.env.DATABASE_URL) {
  targets.push({
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

async function main(): Promise<void> {
  const rows = batchOfRealRows();
  const seenAt = new Date();
  const classifyRuns: number[] = [];
  for (let run = 0; run < RUNS; run++) classifyRuns.push(await timed(async () => rows.map((r) => toFilingInput(r, seenAt))));
  console.log(`classify only: ${Math.round(BATCH / median(classifyRuns)).toLocaleString("en")} rows/s`);

  const server = await startFakeDartServer();
  server.setCorpCodeXml(fullSizeCorpCodeXml());
  const client = createDartClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  try {
    for (const target of targets) {
      const { database, dispose } = await target.open();
      try {
        const upserts: number[] = [];
        const syncs: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          await database.db.execute(sql`truncate table filings, companies, ingest_state cascade`);
          upserts.push(await timed(() => storeFilings(database.db, rows, seenAt)));
          syncs.push(await timed(() => syncCompanies(database.db, client)));
        }
        const rate = Math.round(BATCH / median(upserts)).toLocaleString("en");
        console.log(`${target.name}: classify + upsert ${rate} rows/s (${median(upserts).toFixed(2)} s per 100k)`);
        console.log(`${target.name}: directory sync from a 100k-entry corpCode.xml ${median(syncs).toFixed(2)} s`);
      } finally {
        await dispose();
      }
    }
  } finally {
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
