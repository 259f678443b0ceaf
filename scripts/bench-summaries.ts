/**
 * What the summary service costs besides the model, in one process on an in-memory PGlite
 * database, over the real filing bodies in tests/fixtures/documents:
 *
 * - cached read: getOrCreateSummary for a filing whose summary is stored (one primary-key
 *   read), against a bare `select 1` round trip measured in the same run as the baseline;
 * - generation overhead: a cache miss end to end with a generator that answers at once —
 *   filing view, body, lease claim, validation (indexing the body's figures), the generation
 *   record, and the summary write that releases the lease;
 * - the CPU part alone: validating an answer against each body, and the offline generator
 *   (extraction and composition), plus validation against the 60,000-character text of a
 *   real half-year report.
 *
 * Prints p50/p99 per run and the median over runs.
 *
 *   tsx --conditions=react-server scripts/bench-summaries.ts [--runs 5] [--reads 2000] [--rounds 20]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "@/db/client";
import { upsertCompanies } from "@/db/queries";
import { seedCompanies } from "@/lib/ingest/seed";
import { EVENT_TYPES, classifyFiling, normalizeReportNm } from "@/lib/classify";
import { endOfKstDay } from "@/lib/clock";
import { documentTextFromZip } from "@/lib/dart/document-text";
import { storeFilings } from "@/lib/ingest/store";
import {
  composeOfflineSummary,
  getOrCreateSummary,
  validateSummary,
  type SummaryGenerator,
  type SummaryInput,
} from "@/lib/summaries";
import realFilings from "@/tests/fixtures/documents/filings.json";
import { median, percentile } from "./support/stats";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    reads: { type: "string", default: "2000" },
    rounds: { type: "string", default: "20" },
  },
});
const RUNS = Number.parseInt(values.runs, 10);
const READS = Number.parseInt(values.reads, 10);
const ROUNDS = Number.parseInt(values.rounds, 10);

const bodies = new Map(
  realFilings.map((f) => [f.rcptNo, readFileSync(new URL(`../tests/fixtures/documents/${f.rcptNo}.txt`, import.meta.url), "utf8")]),
);
const documents = { getText: async (rcptNo: string) => bodies.get(rcptNo) ?? null };



async function time(fn: () => unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** p50 and p99 of each run, printed, and their medians over the runs. */
async function measure(label: string, sample: () => Promise<number[]>): Promise<{ p50: number; p99: number }> {
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const samples = await sample();
    p50s.push(percentile(samples, 50));
    p99s.push(percentile(samples, 99));
  }
  const result = { p50: median(p50s), p99: median(p99s) };
  const runs = p50s.map((p, i) => `${p.toFixed(3)}/${p99s[i].toFixed(3)}`).join("  ");
  console.log(`${label.padEnd(52)} p50 ${result.p50.toFixed(3)} ms  p99 ${result.p99.toFixed(3)} ms   (runs p50/p99: ${runs})`);
  return result;
}

/** A generator input as the service assembles it, for timing the pure steps. */
function inputOf(filing: (typeof realFilings)[number], body: string): SummaryInput {
  const c = classifyFiling({ reportNm: filing.reportNm, corpName: filing.corpName, flrNm: filing.flrNm });
  return {
    rcptNo: filing.rcptNo,
    rceptDt: `${filing.rceptDt.slice(0, 4)}-${filing.rceptDt.slice(4, 6)}-${filing.rceptDt.slice(6, 8)}`,
    corpName: filing.corpName,
    corpNameEn: filing.corpName,
    ticker: filing.ticker,
    reportNm: normalizeReportNm(filing.reportNm),
    reportNmEn: c.reportNmEn,
    filerName: null,
    eventType: c.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === c.eventType)?.labelEn ?? c.reportNmEn,
    classifierScore: c.importanceScore,
    actionableFor: [...c.actionableFor],
    sectorTags: [],
    body,
    structured: null,
  };
}

async function seed(db: Db): Promise<void> {
  const tickers = new Set(realFilings.map((f) => f.ticker));
  await upsertCompanies(db, seedCompanies().filter((c) => tickers.has(c.ticker)));
  for (const f of realFilings) {
    await storeFilings(
      db,
      [
        {
          rcept_no: f.rcptNo,
          rcept_dt: f.rceptDt,
          corp_code: f.corpCode,
          corp_name: f.corpName,
          stock_code: f.ticker ?? " ",
          corp_cls: "Y",
          report_nm: f.reportNm,
          flr_nm: f.flrNm,
          rm: null,
        },
      ],
      endOfKstDay(f.rceptDt),
    );
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: "memory://" });
  const db = database.db;
  try {
    await seed(db);
    const rcptNos = realFilings.map((f) => f.rcptNo);
    // The offline summaries, generated once: the answers the instant generator gives back.
    const answers = new Map<string, string>();
    for (const rcptNo of rcptNos) answers.set(rcptNo, (await getOrCreateSummary(db, rcptNo, { documents })).summaryEn);
    const instant: SummaryGenerator = {
      id: "bench-instant",
      generate: async (input) => ({ summaryEn: answers.get(input.rcptNo)!, importanceScore: input.classifierScore }),
    };

    console.log(`${realFilings.length} real filings, ${RUNS} runs; node ${process.version}\n`);
    const baseline = await measure("baseline: select 1 round trip", async () => {
      const samples: number[] = [];
      for (let i = 0; i < READS; i++) samples.push(await time(() => db.execute(sql`select 1`)));
      return samples;
    });
    const cached = await measure("cached summary read (getOrCreateSummary, hit)", async () => {
      const samples: number[] = [];
      for (let i = 0; i < READS; i++) samples.push(await time(() => getOrCreateSummary(db, rcptNos[i % rcptNos.length])));
      return samples;
    });
    const miss = await measure("generation overhead per summary (model excluded)", async () => {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await db.execute(sql`truncate table summaries, summary_generations`);
        for (const rcptNo of rcptNos) {
          samples.push(await time(() => getOrCreateSummary(db, rcptNo, { generator: instant, documents })));
        }
      }
      return samples;
    });

    const inputs = realFilings.map((f) => inputOf(f, bodies.get(f.rcptNo)!));
    await measure("  of which validation (index body figures, check)", async () =>
      inputs.flatMap((input) =>
        Array.from({ length: ROUNDS }, () => {
          const fresh = { ...input }; // a new input: its figure index is built again
          const started = performance.now();
          validateSummary(fresh, { summaryEn: answers.get(input.rcptNo), importanceScore: input.classifierScore });
          return performance.now() - started;
        }),
      ),
    );
    await measure("offline generator (extract + compose)", async () =>
      inputs.flatMap((input) =>
        Array.from({ length: ROUNDS }, () => {
          const started = performance.now();
          composeOfflineSummary(input);
          return performance.now() - started;
        }),
      ),
    );

    const halfYear = documentTextFromZip(
      readFileSync(new URL("../tests/fixtures/dart/document_20220816001711.zip", import.meta.url)),
    ).text;
    const large = inputOf(
      { rcptNo: "20220816001711", rceptDt: "20220816", corpCode: "00126380", corpName: "삼성전자", ticker: "005930", reportNm: "반기보고서 (2022.06)", flrNm: "삼성전자" },
      halfYear,
    );
    const largeAnswer = composeOfflineSummary(large);
    await measure(`validation against a ${halfYear.length.toLocaleString("en-US")}-character body`, async () =>
      Array.from({ length: ROUNDS }, () => {
        const started = performance.now();
        validateSummary({ ...large }, { summaryEn: largeAnswer, importanceScore: large.classifierScore });
        return performance.now() - started;
      }),
    );

    console.log(
      `\ncached read p50 = ${(cached.p50 / baseline.p50).toFixed(2)}× a bare round trip; ` +
        `a miss costs ${(miss.p50 / cached.p50).toFixed(1)}× a hit before the model is called.`,
    );
  } finally {
    await database.close();
  }
}

await main();
