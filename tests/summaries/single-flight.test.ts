/**
 * One generation per filing across server instances, through PostgreSQL alone. Two separate
 * database handles stand for two instances: on PGlite (which cannot open one in-memory
 * database twice) the same handle twice; with DATABASE_URL, two node-postgres pools, and a
 * node-postgres pool beside a Neon serverless pool reaching the same server over WebSockets.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "@/db/client";
import { claimSummaryLease, getSummary } from "@/db/queries/summaries";
import { summaries, summaryGenerations, summaryLeases } from "@/db/schema";
import {
  buildFactSheet,
  offlineAnswer,
  getOrCreateSummaries,
  getOrCreateSummary,
  GeneratorError,
  SummaryUnavailableError,
  undeliverableReason,
  type SummaryGenerator,
} from "@/lib/summaries";
import * as constructed from "../fixtures/documents/constructed";
import { createPostgresDatabase, usingPostgres } from "../../dev/support/database";
import { realInput } from "./corpus";
import { startNeonBridge, type NeonBridge } from "./neon-bridge";
import { constructedFiling, documentsFrom, emptySummaryTables, insertFilings, realBody, realFiling } from "./support";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A generator that counts its calls and how many run at once, answering like the offline one. */
function countingGenerator(delayMs: number, fail = false): SummaryGenerator & { calls: number; maxConcurrent: number } {
  let running = 0;
  const generator = {
    id: "counting-model",
    calls: 0,
    maxConcurrent: 0,
    async generate(...[input, sheet]: Parameters<SummaryGenerator["generate"]>) {
      generator.calls += 1;
      running += 1;
      generator.maxConcurrent = Math.max(generator.maxConcurrent, running);
      try {
        await sleep(delayMs);
        if (fail) throw new GeneratorError("model endpoint unreachable");
        return offlineAnswer(input, sheet);
      } finally {
        running -= 1;
      }
    },
  };
  return generator;
}

interface Instances {
  name: string;
  open(): Promise<{ handles: [Db, Db]; close(): Promise<void> }>;
}

const instances: Instances[] = [
  {
    name: "PGlite, one handle twice",
    async open() {
      const database = await openDatabase({ dataDir: "memory://" });
      return { handles: [database.db, database.db], close: () => database.close() };
    },
  },
];
if (usingPostgres) {
  const twoHandles =
    (second: "pg" | "neon"): Instances["open"] =>
    async () => {
      const created = await createPostgresDatabase();
      const bridge: NeonBridge | null = second === "neon" ? await startNeonBridge() : null;
      const first = await openDatabase({ url: created.url, driver: "pg", poolMax: 10 });
      const other: Database = await openDatabase({ url: created.url, driver: second, poolMax: 10 });
      return {
        handles: [first.db, other.db],
        async close() {
          await other.close();
          await first.close();
          await bridge?.close();
          await created.drop();
        },
      };
    };
  instances.push(
    { name: "PostgreSQL, two node-postgres pools", open: twoHandles("pg") },
    { name: "PostgreSQL, a node-postgres and a Neon pool", open: twoHandles("neon") },
  );
}

const EARNINGS = realFiling("20260730800123");
const documents = () => documentsFrom({ [EARNINGS.rcptNo]: realBody(EARNINGS.rcptNo) });

// The fact-sheet reader's first run compiles its patterns (tens of ms): done once here, so the
// timing-bounded cases below (a pool's 1.5 s connect timeout under 50 waiters) measure single
// flight, not a cold start.
beforeAll(() => {
  const input = realInput(EARNINGS.rcptNo);
  undeliverableReason(input, buildFactSheet(input));
});

for (const instance of instances) {
  describe(`single flight [${instance.name}]`, () => {
    let opened: Awaited<ReturnType<Instances["open"]>>;
    let a: Db;
    let b: Db;
    beforeAll(async () => {
      opened = await instance.open();
      [a, b] = opened.handles;
      // Each pool's connections opened now (a Neon pool's through its WebSocket bridge, one
      // handshake each), so a burst below waits on single flight, not on ten handshakes at once
      // within the pool's 1.5 s connect timeout.
      await Promise.all(
        [a, b].flatMap((db) => Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`))),
      );
    });
    afterAll(() => opened.close());
    beforeEach(async () => {
      await emptySummaryTables(a);
      await insertFilings(a, [EARNINGS]);
    });

    const generationCount = async () =>
      (await a.select({ n: sql<number>`count(*)::int` }).from(summaryGenerations))[0].n;

    it("runs one generation for 50 concurrent requests and gives all 50 its result", async () => {
      const generator = countingGenerator(200);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          getOrCreateSummary(i % 2 === 0 ? a : b, EARNINGS.rcptNo, { generator, documents: documents() }),
        ),
      );
      expect(generator.calls).toBe(1);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(results[0]).toMatchObject({ modelId: "counting-model", basis: "body" });
      expect(await generationCount()).toBe(1);
      expect(await a.select().from(summaryLeases)).toEqual([]);
    });

    it("keeps its lease through a generation longer than the lease", async () => {
      const generator = countingGenerator(900);
      const options = { generator, documents: documents(), leaseMs: 300 };
      const first = getOrCreateSummary(a, EARNINGS.rcptNo, options);
      await sleep(50);
      const second = getOrCreateSummary(b, EARNINGS.rcptNo, options);
      expect(await second).toEqual(await first);
      expect(generator.calls).toBe(1);
    });

    it("takes over from a holder that died: its lease expires", async () => {
      // What a crashed instance leaves: a claimed lease nobody renews, and no summary.
      expect(await claimSummaryLease(b, EARNINGS.rcptNo, "crashed-host:1:dead", 400)).toBe(true);
      const generator = countingGenerator(0);
      const started = Date.now();
      const row = await getOrCreateSummary(a, EARNINGS.rcptNo, { generator, documents: documents() });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(row.modelId).toBe("counting-model");
      expect(generator.calls).toBe(1);
      expect(await a.select().from(summaryLeases)).toEqual([]);
    });

    it("leaves no summary and no stuck lease when a run fails, and a later run succeeds", async () => {
      const failing = countingGenerator(100, true);
      const options = { generator: failing, fallback: null, documents: documents(), retryAfterSeconds: 1 };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => getOrCreateSummary(i % 2 === 0 ? a : b, EARNINGS.rcptNo, options)),
      );
      expect(outcomes.every((o) => o.status === "rejected" && o.reason instanceof SummaryUnavailableError)).toBe(true);
      expect(failing.calls).toBe(1); // the waiters saw the failure marker instead of retrying
      expect(await a.select().from(summaries)).toEqual([]);

      await sleep(1_100); // the cool-down: the marker expires like any lease
      const working = countingGenerator(0);
      const row = await getOrCreateSummary(b, EARNINGS.rcptNo, { generator: working, documents: documents() });
      expect(row.modelId).toBe("counting-model");
      expect(await a.select().from(summaryLeases)).toEqual([]);
    });

    it("gives up waiting at the deadline with a retry-after, while the run goes on", async () => {
      const generator = countingGenerator(700);
      const holder = getOrCreateSummary(a, EARNINGS.rcptNo, { generator, documents: documents() });
      await sleep(50);
      const waiter = getOrCreateSummary(b, EARNINGS.rcptNo, {
        generator,
        documents: documents(),
        deadline: new Date(Date.now() + 150),
      });
      await expect(waiter).rejects.toMatchObject({
        name: "SummaryUnavailableError",
        retryAfterSeconds: expect.any(Number),
      });
      expect((await holder).modelId).toBe("counting-model");
      expect(generator.calls).toBe(1);
    });
  });
}

describe("getOrCreateSummaries", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(() => database.close());

  const filings = [
    constructedFiling("20260716000001", "단일판매ㆍ공급계약체결"),
    constructedFiling("20260716000002", "주요사항보고서(유상증자결정)"),
    constructedFiling("20260716000003", "현금ㆍ현물배당결정"),
    constructedFiling("20260716000004", "주요사항보고서(자기주식취득결정)"),
    constructedFiling("20260716000005", "주요사항보고서(자기주식처분결정)"),
  ];
  // CONSTRUCTED bodies (OpenDART field layouts, invented figures).
  const bodies = documentsFrom({
    "20260716000001": constructed.SUPPLY_CONTRACT,
    "20260716000002": constructed.RIGHTS_OFFERING,
    "20260716000003": constructed.DIVIDEND,
    "20260716000004": constructed.TREASURY_ACQUISITION,
    "20260716000005": constructed.TREASURY_DISPOSAL,
  });

  beforeEach(async () => {
    await emptySummaryTables(database.db);
    await insertFilings(database.db, filings);
  });

  it("returns cached and new summaries in the order asked, leaving out unknown filings", async () => {
    const cached = await getOrCreateSummary(database.db, "20260716000003", { documents: bodies });
    const generator = countingGenerator(20);
    const rows = await getOrCreateSummaries(
      database.db,
      ["20260716000001", "20991231000009", "20260716000003", "20260716000002", "20260716000001"],
      { generator, documents: bodies, deadline: new Date(Date.now() + 5_000), concurrency: 2 },
    );
    expect(rows.map((r) => r.rcptNo)).toEqual(["20260716000001", "20260716000003", "20260716000002"]);
    expect(rows[1]).toEqual(cached);
    expect(generator.calls).toBe(2);
  });

  it("generates at most `concurrency` at once", async () => {
    const generator = countingGenerator(100);
    const rows = await getOrCreateSummaries(
      database.db,
      filings.map((f) => f.rcptNo),
      { generator, documents: bodies, deadline: new Date(Date.now() + 5_000), concurrency: 2 },
    );
    expect(rows).toHaveLength(5);
    expect(generator.maxConcurrent).toBe(2);
  });

  it("leaves out what is not ready by the deadline; those runs still fill the cache", async () => {
    const generator = countingGenerator(400);
    const rows = await getOrCreateSummaries(database.db, ["20260716000004", "20260716000005"], {
      generator,
      documents: bodies,
      deadline: new Date(Date.now() + 100),
      concurrency: 2,
    });
    expect(rows).toEqual([]);
    await sleep(600);
    expect(await getSummary(database.db, "20260716000004")).toMatchObject({ modelId: "counting-model" });
    const [row] = await database.db.select().from(summaries).where(eq(summaries.rcptNo, "20260716000005"));
    expect(row.modelId).toBe("counting-model");
  });
});
