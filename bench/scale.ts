/**
 * Issue 27: the free reads at a million filings, and backfill at 300,000.
 *
 * - `reads`: a fresh database with the bundled snapshot (1,363 real filings): p95 of each free
 *   read; then SYNTHETIC filings (the snapshot's real titles with their labels, the real directory's
 *   companies, ~1,300 a weekday going back from the snapshot's week) are generated inside the
 *   database (INSERT … SELECT over generate_series, in batches) up to `--filings`; ANALYZE; the
 *   same reads again. Goal: p95 within 1.5× of the snapshot's on PostgreSQL, 2× on PGlite. Then
 *   the database's size, bytes per filing and per cached body, and each main read's plan
 *   (EXPLAIN ANALYZE of the exact SQL the read sent).
 * - `backfill`: a stand-in OpenDART (dev/support/fake-dart-server.ts) serving `--backfill`
 *   SYNTHETIC filings; `npm run ingest -- --from … --to …` (the real CLI, its own process) is
 *   killed (SIGKILL) half way through the pages, then run again: rows per second, total time,
 *   and the row count (exactly `--backfill`, no duplicate).
 *
 *   npm run bench:scale [-- --quick] [--filings 1000000] [--samples 200] [--backfill 300000]
 *     [--sections reads,backfill]
 *
 * With DATABASE_URL set each section uses a new database on that PostgreSQL server, else PGlite
 * in a temporary folder.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "@/db/client";
import {
  countSearchFilings,
  getCompany,
  latestFilingsForTicker,
  latestSellableFilingsForTicker,
  recentFilingCounts,
  recentFilings,
  searchFilings,
  type FilingSearch,
} from "@/db/queries";
import { snapshotClock } from "@/lib/clock";
import { searchCompanies } from "@/lib/directory";
import { FILINGS_TOTAL_CAP } from "@/lib/interface/schemas";
import { seedIfEmpty } from "@/lib/seed";
import { summaryAvailability } from "@/lib/summaries";
import { createPostgresDatabase } from "../dev/support/database";
import { startFakeDartServer, syntheticFilingsByDay } from "../dev/support/fake-dart-server";
import { benchOptions, chosenSections, percentile, runBench, runLabel, timed } from "./kit";

const SECTIONS = ["reads", "backfill"] as const;
const { quick, sizes, texts } = benchOptions(
  { filings: [1_000_000, 20_000], samples: [200, 20], backfill: [300_000, 6_000] },
  ["sections"],
);
const sections = chosenSections(SECTIONS, texts.sections);
const postgres = Boolean(process.env.DATABASE_URL);
const GOAL = postgres ? 1.5 : 2;
/** Filings a synthetic weekday holds: DART's ~300,000 a year over ~250 weekdays. */
const PER_DAY = 1_300;
const HOUR_MS = 3_600_000;

/** A fresh database of the configured kind, and how to remove it. */
async function freshDatabase(): Promise<{ database: Database; url?: string; dataDir?: string; drop(): Promise<void> }> {
  if (postgres) {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ url: created.url, poolMax: 4 });
    return { database, url: created.url, drop: () => database.close().then(created.drop) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-scale-"));
  const database = await openDatabase({ dataDir });
  return {
    database,
    dataDir,
    drop: async () => {
      await database.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The rows of a raw query, whichever driver answers. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// ---------- reads ----------

const clock = snapshotClock();
const now = () => clock.now();

interface Inputs {
  tickers: string[];
  rcptNos: string[];
  eventTypes: string[];
}

/** The free reads, each with the read side's own functions (the routes' caches left out). */
function reads(db: Db, inputs: Inputs): { name: string; run: (i: number) => Promise<unknown> }[] {
  const ticker = (i: number) => inputs.tickers[i % inputs.tickers.length];
  const until = now();
  const history = (f: Omit<FilingSearch, "until">) => {
    const search = { ...f, until };
    return Promise.all([searchFilings(db, search, { limit: 21 }), countSearchFilings(db, search, FILINGS_TOTAL_CAP)]);
  };
  const words = ["유상증자", "convertible", "삼성전자", "merger", "단일판매"];
  const names = ["samsung elec", "삼성전", "hyundai motor", "sk hynix", "카카오"];
  return [
    {
      name: "recent (market, 24 h)",
      run: () => recentFilings(db, { limit: 20, since: new Date(until.getTime() - 24 * HOUR_MS), until }),
    },
    {
      name: "recent (ticker, 168 h)",
      run: (i) =>
        recentFilings(db, { limit: 20, since: new Date(until.getTime() - 168 * HOUR_MS), until, ticker: ticker(i) }),
    },
    {
      name: "explorer / (importance ≥ 5, KOSPI, 24 h: rows + counts)",
      run: () => {
        const filter = {
          since: new Date(until.getTime() - 24 * HOUR_MS),
          until,
          minImportance: 5,
          markets: ["KOSPI"],
        };
        return Promise.all([recentFilings(db, { ...filter, limit: 15 }), recentFilingCounts(db, filter)]);
      },
    },
    {
      name: "company page (company + 30 newest)",
      run: (i) => Promise.all([getCompany(db, ticker(i)), latestFilingsForTicker(db, ticker(i), 30, until)]),
    },
    {
      name: "company history (pages 1 and 2 of 30, all time)",
      run: async (i) => {
        const search = { until, ticker: ticker(i) };
        // Page 2 carries page 1's total in its cursor: only page 1 counts.
        const [first] = await Promise.all([
          searchFilings(db, search, { limit: 30 }),
          countSearchFilings(db, search, FILINGS_TOTAL_CAP),
        ]);
        const last = first.at(-1);
        return last
          ? searchFilings(db, search, {
              limit: 30,
              position: { after: { feedAt: last.filing.feedAt, rcptNo: last.filing.rcptNo } },
            })
          : [];
      },
    },
    {
      name: "by-ticker lookup (5 sellable)",
      run: (i) => latestSellableFilingsForTicker(db, ticker(i), 5, until, true),
    },
    {
      name: "availability",
      run: (i) => summaryAvailability(db, [inputs.rcptNos[i % inputs.rcptNos.length]], { fetchesFromDart: true }),
    },
    { name: "directory search", run: (i) => searchCompanies(db, names[i % names.length], 20) },
    { name: "/v1/filings ticker", run: (i) => history({ ticker: ticker(i) }) },
    {
      name: "/v1/filings eventType + 30 days",
      run: (i) =>
        history({
          eventTypes: [inputs.eventTypes[i % inputs.eventTypes.length]],
          fromDay: "2026-06-17",
          toDay: "2026-07-16",
        }),
    },
    { name: "/v1/filings q", run: (i) => history({ terms: [words[i % words.length]] }) },
  ];
}

/**
 * Each read's samples on both databases, taken in turns (snapshot, scaled, snapshot, …) so the
 * shared machine's drift falls on both alike.
 */
async function measurePair(
  base: Db,
  scaled: Db,
  inputs: Inputs,
  samples: number,
): Promise<{ name: string; base: number[]; scaled: number[] }[]> {
  const scaledReads = reads(scaled, inputs);
  const out: { name: string; base: number[]; scaled: number[] }[] = [];
  for (const [r, a] of reads(base, inputs).entries()) {
    const b = scaledReads[r];
    for (let i = 0; i < Math.min(10, samples); i++) await Promise.all([a.run(i), b.run(i)]); // warm-up
    const row = { name: a.name, base: [] as number[], scaled: [] as number[] };
    for (let i = 0; i < samples; i++) {
      row.base.push(await timed(() => a.run(i)));
      row.scaled.push(await timed(() => b.run(i)));
    }
    out.push(row);
  }
  return out;
}

/** Generates `total` synthetic filings in the database, in batches. */
async function generateFilings(db: Db, total: number): Promise<number> {
  await db.execute(sql`drop table if exists scale_titles, scale_companies, scale_days`);
  await db.execute(sql`create table scale_titles as
    select (row_number() over (order by rcpt_no) - 1)::int as k, report_nm, report_nm_en, event_type, importance_score,
      numeric_expectation, actionable_for, classifier_version, rm from filings`);
  await db.execute(sql`create table scale_companies as
    select (row_number() over (order by ticker) - 1)::int as k, ticker, corp_code, name_kr,
      case market when 'KOSPI' then 'Y' when 'KONEX' then 'N' else 'K' end as corp_cls from companies`);
  const days = Math.ceil(total / PER_DAY);
  // Weekdays back from the day before the snapshot's week (2026-07-09), newest first.
  await db.execute(sql`create table scale_days as
    select (row_number() over (order by d desc) - 1)::int as k, d::date as day
    from generate_series(date '2026-07-08' - ${Math.ceil(days * 1.45) + 7}::int, date '2026-07-08', interval '1 day') d
    where extract(isodow from d) < 6`);
  const [{ titles }] = await rowsOf<{ titles: number }>(db, sql`select count(*)::int as titles from scale_titles`);
  const [{ companies }] = await rowsOf<{ companies: number }>(
    db,
    sql`select count(*)::int as companies from scale_companies`,
  );
  const batch = 50_000;
  const started = Date.now();
  for (let lo = 0; lo < total; lo += batch) {
    const hi = Math.min(total, lo + batch);
    await db.execute(sql`insert into filings (rcpt_no, corp_code, corp_name, ticker, corp_cls, report_nm, flr_nm, rm,
        rcept_dt, first_seen_at, feed_at, event_type, report_nm_en, importance_score, numeric_expectation,
        actionable_for, classifier_version)
      select to_char(d.day, 'YYYYMMDD') || '7' || lpad((g.i % ${PER_DAY})::text, 5, '0'),
        c.corp_code, c.name_kr, c.ticker, c.corp_cls, t.report_nm, c.name_kr, t.rm, d.day, x.at, x.at,
        t.event_type, t.report_nm_en, t.importance_score, t.numeric_expectation, t.actionable_for, t.classifier_version
      from generate_series(${lo}::int, ${hi - 1}::int) g(i)
      join scale_days d on d.k = g.i / ${PER_DAY}
      join scale_titles t on t.k = (g.i::bigint * 7919) % ${titles}
      join scale_companies c on c.k = (g.i::bigint * 104729 + 13) % ${companies}
      cross join lateral (select (d.day::timestamp + interval '8 hours' - interval '9 hours'
        + (g.i % ${PER_DAY}) * interval '40 seconds') at time zone 'UTC' as at) x`);
    process.stdout.write(
      `\r  generated ${hi.toLocaleString("en")} filings (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stdout.write("\n");
  await db.execute(sql`drop table scale_titles, scale_companies, scale_days`);
  // What autovacuum does to a table after a bulk load: statistics, and the visibility map that index-only scans need.
  await db.execute(sql`vacuum analyze filings`);
  await db.execute(sql`analyze`);
  return (Date.now() - started) / 1000;
}

type Query = (...args: unknown[]) => Promise<unknown>;
interface SentQuery {
  text: string;
  params: unknown[];
  /** Sent inside a transaction that had turned sequential scans off (a search by words). */
  seqscanOff: boolean;
}

/**
 * The SQL a read sends, captured at the driver: node-postgres's Client.prototype.query (pooled
 * and transaction connections alike), or PGlite's query and its transactions' query.
 */
async function capturedSql(db: Db, run: () => Promise<unknown>): Promise<SentQuery[]> {
  const seen: SentQuery[] = [];
  let seqscanOff = false;
  const record = (args: unknown[]) => {
    const [first, second] = args;
    const q =
      typeof first === "string"
        ? { text: first, params: (second as unknown[]) ?? [] }
        : (first as { text?: string; values?: unknown[] } | undefined)?.text !== undefined
          ? {
              text: (first as { text: string }).text,
              params: (first as { values?: unknown[] }).values ?? (second as unknown[]) ?? [],
            }
          : undefined;
    if (!q) return;
    if (/set local enable_seqscan = off/i.test(q.text)) seqscanOff = true;
    else if (/^\s*(commit|rollback)/i.test(q.text)) seqscanOff = false;
    else if (/^\s*select/i.test(q.text)) seen.push({ ...q, seqscanOff });
  };
  const wrap = (target: { query: Query }) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      record(args);
      return original.apply(this, args);
    };
    return () => void (target.query = original);
  };
  const restore: (() => void)[] = [];
  if (postgres) {
    const pg = await import("pg");
    restore.push(wrap(pg.default.Client.prototype as unknown as { query: Query }));
  } else {
    const client = (db as unknown as { $client: { query: Query; transaction: Query } }).$client;
    restore.push(wrap(client));
    const transaction = client.transaction;
    client.transaction = function (this: unknown, ...args: unknown[]) {
      const [body] = args as [(tx: { query: Query }) => Promise<unknown>];
      return transaction.call(this, (tx: { query: Query }) => {
        wrap(tx);
        return body(tx);
      });
    };
    restore.push(() => void (client.transaction = transaction));
  }
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

/** EXPLAIN ANALYZE of each SELECT a read sent, with the settings it was sent under, on one connection. */
async function explain(db: Db, name: string, run: () => Promise<unknown>): Promise<void> {
  const sent = await capturedSql(db, run);
  const client = (
    db as unknown as { $client: { query: Query; connect?: () => Promise<{ query: Query; release(): void }> } }
  ).$client;
  const conn = client.connect ? await client.connect() : undefined;
  const query = (text: string, params: unknown[] = []) =>
    (conn ?? client).query(text, params) as Promise<{ rows: Record<string, string>[] }>;
  try {
    for (const q of sent) {
      if (q.seqscanOff) await query("begin").then(() => query("set local enable_seqscan = off"));
      const result = await query(`explain (analyze, buffers, costs off) ${q.text}`, q.params);
      if (q.seqscanOff) await query("rollback");
      const plan = result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      console.log(`\n-- ${name}${q.seqscanOff ? " (enable_seqscan off)" : ""}\n${plan}`);
    }
  } finally {
    conn?.release();
  }
}

async function readsSection(): Promise<void> {
  const baseFresh = await freshDatabase();
  const fresh = await freshDatabase();
  const base = baseFresh.database.db;
  const db = fresh.database.db;
  try {
    await seedIfEmpty(base);
    await seedIfEmpty(db);
    const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(base, query);
    const inputs: Inputs = {
      tickers: (
        await rows<{ ticker: string }>(
          sql`select ticker from filings where ticker is not null group by ticker order by count(*) desc, ticker limit 50`,
        )
      ).map((r) => r.ticker),
      rcptNos: (await rows<{ rcpt_no: string }>(sql`select rcpt_no from filings order by rcpt_no desc limit 50`)).map(
        (r) => r.rcpt_no,
      ),
      eventTypes: (
        await rows<{ event_type: string }>(
          sql`select event_type from filings group by event_type order by count(*) desc limit 8`,
        )
      ).map((r) => r.event_type),
    };
    const [{ n: snapshotCount }] = await rows<{ n: number }>(sql`select count(*)::int as n from filings`);

    console.log(`generating ${sizes.filings.toLocaleString("en")} SYNTHETIC filings in the second database`);
    const seconds = await generateFilings(db, sizes.filings);
    await base.execute(sql`analyze`);
    const [{ n: count }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from filings`);
    console.log(`  ${count.toLocaleString("en")} filings in ${seconds.toFixed(0)} s (indexes and ANALYZE included)`);
    console.log(`measuring ${sizes.samples} samples per read on each, in turns`);
    const measured = await measurePair(base, db, inputs, sizes.samples);

    const table = measured.map(({ name, base: a, scaled: b }) => {
      const p95a = percentile(a, 95);
      const p95b = percentile(b, 95);
      return {
        read: name,
        [`${snapshotCount} p50`]: Number(percentile(a, 50).toFixed(2)),
        [`${snapshotCount} p95`]: Number(p95a.toFixed(2)),
        [`${count} p50`]: Number(percentile(b, 50).toFixed(2)),
        [`${count} p95`]: Number(p95b.toFixed(2)),
        "p95 ratio": Number((p95b / p95a).toFixed(2)),
        goal: `≤ ${GOAL}×: ${p95b / p95a <= GOAL ? "met" : "missed"}`,
      };
    });
    console.log("\nms, the read side's functions called in process, one at a time (snapshot vs scaled in turns)");
    console.table(table);

    const sizeRows = await rowsOf<Record<string, string | number>>(
      db,
      sql`select
        pg_database_size(current_database())::bigint as database,
        pg_total_relation_size('filings')::bigint as filings_total,
        pg_relation_size('filings')::bigint as filings_heap,
        pg_indexes_size('filings')::bigint as filings_indexes,
        (select count(*) from filings)::int as filings,
        pg_total_relation_size('filing_documents')::bigint as documents_total,
        (select count(*) from filing_documents where status = 'ok')::int as documents,
        (select coalesce(avg(octet_length(text)), 0)::int from filing_documents where status = 'ok') as document_text_avg`,
    );
    const s = Object.fromEntries(Object.entries(sizeRows[0]).map(([k, v]) => [k, Number(v)]));
    const mb = (b: number) => `${(b / 1_048_576).toFixed(1)} MB`;
    console.log("\nstorage");
    console.table({
      database: mb(s.database),
      "filings (heap + indexes + TOAST)": mb(s.filings_total),
      "filings heap": mb(s.filings_heap),
      "filings indexes": mb(s.filings_indexes),
      "bytes per filing (all of the table)": Math.round(s.filings_total / s.filings),
      "cached bodies": `${s.documents} (${mb(s.documents_total)})`,
      "bytes per cached body (table / bodies)": s.documents ? Math.round(s.documents_total / s.documents) : 0,
      "average body text (bytes)": s.document_text_avg,
    });
    const indexes = await rowsOf<{ name: string; size: string }>(
      db,
      sql`select indexrelname as name,
        pg_size_pretty(pg_relation_size(indexrelid)) as size from pg_stat_user_indexes where relname = 'filings'
        order by pg_relation_size(indexrelid) desc`,
    );
    console.table(indexes);

    console.log("\nquery plans at scale (EXPLAIN ANALYZE of the SQL each read sent)");
    for (const read of reads(db, inputs)) await explain(db, read.name, () => read.run(1));
  } finally {
    await fresh.drop();
    await baseFresh.drop();
  }
}

// ---------- backfill ----------

/** Runs the ingest CLI to backfill `from..to`; `killAfterPages` SIGKILLs it once that many pages were served. */
function runIngest(
  env: NodeJS.ProcessEnv,
  from: string,
  to: string,
  pagesServed: () => number,
  killAfterPages?: number,
): Promise<{ seconds: number; killed: boolean; output: string }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      "node",
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "scripts/ingest.ts",
        "--from",
        from,
        "--to",
        to,
        "--interval-ms",
        "0",
      ],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    let killed = false;
    const watch = killAfterPages
      ? setInterval(() => {
          if (pagesServed() >= killAfterPages && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        }, 20)
      : undefined;
    child.on("error", reject);
    child.on("exit", (code) => {
      if (watch) clearInterval(watch);
      if (code !== 0 && !killed) reject(new Error(`ingest exited ${code}:\n${output}`));
      else resolve({ seconds: (Date.now() - started) / 1000, killed, output });
    });
  });
}

async function backfillSection(): Promise<void> {
  const perDay = PER_DAY;
  const weekdays = Math.ceil(sizes.backfill / perDay);
  // Weekdays from 2024-01-01 on, until `weekdays` of them are covered; the last one takes the remainder.
  const from = "2024-01-01";
  let to = from;
  for (let at = Date.parse(`${from}T00:00:00Z`), n = 0; n < weekdays; at += 86_400_000) {
    const d = new Date(at);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) n++;
    to = d.toISOString().slice(0, 10);
  }
  const byDay = syntheticFilingsByDay(from, to, perDay);
  const days = Object.keys(byDay).sort();
  const lastDay = days.at(-1)!;
  byDay[lastDay] = byDay[lastDay].slice(byDay[lastDay].length - (sizes.backfill - perDay * (days.length - 1)));
  const total = Object.values(byDay).reduce((n, rows) => n + rows.length, 0);
  const pages = Object.values(byDay).reduce((n, rows) => n + Math.ceil(rows.length / 100), 0);
  const server = await startFakeDartServer({ filingsByDay: byDay });
  const fresh = await freshDatabase();
  const db = fresh.database.db;
  try {
    await seedIfEmpty(db); // a fresh install: the snapshot, then the backfill
    const [{ n: seeded }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from filings`);
    if (!postgres) await fresh.database.close(); // PGlite: one process at a time; the CLI opens it next
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DART_API_KEY: server.apiKey,
      DART_API_BASE_URL: server.baseUrl,
      ...(fresh.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: fresh.dataDir }),
      NODE_ENV: "production" as const,
    };
    const served = () => server.requestsTo("list.json").length;
    console.log(
      `stand-in OpenDART: ${total.toLocaleString("en")} SYNTHETIC filings, ${days.length} weekdays ${from}..${to}, ${pages} list.json pages`,
    );
    const first = await runIngest(env, from, to, served, Math.floor(pages / 2));
    const servedBeforeKill = served();
    console.log(`  killed (SIGKILL) after ${servedBeforeKill} pages served, ${first.seconds.toFixed(1)} s`);
    const second = await runIngest(env, from, to, served);
    console.log(second.output.trim().split("\n").at(-1));
    const beforeThird = served();
    const third = await runIngest(env, from, to, served);
    const check = postgres ? db : (await openDatabase({ dataDir: fresh.dataDir! })).db;
    const [counts] = await rowsOf<{ rows: number; distinct_rows: number }>(
      check,
      sql`select count(*)::int as rows, count(distinct rcpt_no)::int as distinct_rows
        from filings where substr(rcpt_no, 9, 1) = '7'`,
    );
    const [state] = await rowsOf<{ watermark: string }>(
      check,
      sql`select watermark from ingest_state where job = ${`backfill:${from}..${to}`}`,
    );
    const resumedSeconds = second.seconds;
    const totalSeconds = first.seconds + second.seconds;
    console.table({
      "filings served": total,
      "rows stored (synthetic)": counts.rows,
      "distinct receipt numbers": counts.distinct_rows,
      "snapshot rows kept": seeded,
      "exactly served, no duplicate": counts.rows === total && counts.distinct_rows === total ? "yes" : "NO",
      "first run (killed half way) s": Number(first.seconds.toFixed(1)),
      "rerun (resumed) s": Number(resumedSeconds.toFixed(1)),
      "total s": Number(totalSeconds.toFixed(1)),
      "rows/s over both runs": Math.round(total / totalSeconds),
      "third run (range complete) s": Number(third.seconds.toFixed(1)),
      "third run list.json calls": served() - beforeThird,
      "checkpoint watermark": state?.watermark,
    });
    if (!postgres) await (check as unknown as { $client: { close(): Promise<void> } }).$client.close();
  } finally {
    await server.close();
    await fresh.drop();
  }
}

runBench(async () => {
  console.log(`bench:scale — ${runLabel(quick)}`);
  if (sections.has("reads")) await readsSection();
  if (sections.has("backfill")) await backfillSection();
});
