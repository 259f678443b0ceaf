/**
 * What the summary service costs besides the model, in one process on in-memory PGlite:
 *
 * - `service`, over the real filing bodies in tests/fixtures/documents: a cached read
 *   (getOrCreateSummary for a stored summary: one primary-key read) against a bare `select 1`
 *   round trip; a cache miss end to end with a generator that answers at once (filing view,
 *   body, lease, validation, the generation record, the write that releases the lease); the CPU
 *   parts alone — the gate on an answer, offline generation (fact sheet, template, gate) per
 *   body and for the 60,000-character text of a real half-year report. p50/p95/p99 per run,
 *   and their medians over the runs.
 * - `availability`, on the bundled seed: loading it, the free db-first availability check (one
 *   filing, a 100-filing feed page), the "available offline" list, the paid routes' preflight,
 *   a cold offline summary of each bundled body, and a cache hit.
 *
 *   npm run bench:summaries [-- --quick] [--sections service,availability] [--runs 5 --reads 2000 --rounds 20 --samples 50]
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "@/db/client";
import { filingsWithStoredSources, recentFilings, upsertCompanies } from "@/db/queries";
import { seedCompanies, seedIfEmpty } from "@/lib/seed";
import { EVENT_TYPES, classifyFiling, normalizeReportNm } from "@/lib/classify";
import { endOfKstDay, snapshotClock } from "@/lib/clock";
import { documentTextFromZip } from "@/lib/dart/document-text";
import { storeFilings } from "@/lib/filing-store";
import { storedSellableFilings } from "@/lib/explorer/filing";
import {
  buildFactSheet,
  offlineAnswer,
  hasKeyFacts,
  getOrCreateSummary,
  prepareSummary,
  summaryAvailability,
  validateSummary,
  type GeneratedSummary,
  type SummaryGenerator,
  type SummaryInput,
} from "@/lib/summaries";
import {
  benchOptions,
  chosenSections,
  fixtureBytes,
  fixtureJson,
  fixtureText,
  latencyRow,
  median,
  percentile,
  runBench,
  runLabel,
  timed,
  timedRuns,
} from "./kit";

const SECTIONS = ["service", "availability"] as const;
const { quick, sizes, texts } = benchOptions({ runs: [5, 1], reads: [2000, 200], rounds: [20, 2], samples: [50, 5] }, [
  "sections",
]);
const sections = chosenSections(SECTIONS, texts.sections);

interface FilingFixture {
  rcptNo: string;
  rceptDt: string;
  corpCode: string;
  corpName: string;
  ticker: string | null;
  reportNm: string;
  flrNm: string;
}

/** A generator input as the service assembles it, for timing the pure steps. */
function inputOf(filing: FilingFixture, body: string): SummaryInput {
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

/** The offline generator's answer to `input` from its sheet, as a generator gives it back. */
const answerOf = (input: SummaryInput, sheet = buildFactSheet(input)): GeneratedSummary => offlineAnswer(input, sheet);

/** What the offline generator does for one filing: its fact sheet, its summary, the gate. */
function offlineGeneration(input: SummaryInput): void {
  const sheet = buildFactSheet(input);
  validateSummary(input, sheet, answerOf(input, sheet));
}

async function seedRealFilings(db: Db, filings: FilingFixture[]): Promise<void> {
  const tickers = new Set(filings.map((f) => f.ticker));
  await upsertCompanies(
    db,
    seedCompanies().filter((c) => tickers.has(c.ticker)),
  );
  for (const f of filings) {
    const row = {
      rcept_no: f.rcptNo,
      rcept_dt: f.rceptDt,
      corp_code: f.corpCode,
      corp_name: f.corpName,
      stock_code: f.ticker ?? " ",
      corp_cls: "Y",
      report_nm: f.reportNm,
      flr_nm: f.flrNm,
      rm: null,
    };
    await storeFilings(db, [row], endOfKstDay(f.rceptDt));
  }
}

/** p50, p95 and p99 of each of `--runs` runs of `sample`, and their medians over the runs. */
async function overRuns(
  sample: () => Promise<number[]> | number[],
): Promise<{ "p50 ms": number; "p95 ms": number; "p99 ms": number; runs: string }> {
  const p50s: number[] = [];
  const p95s: number[] = [];
  const p99s: number[] = [];
  for (let run = 0; run < sizes.runs; run++) {
    const samples = await sample();
    p50s.push(percentile(samples, 50));
    p95s.push(percentile(samples, 95));
    p99s.push(percentile(samples, 99));
  }
  return {
    "p50 ms": Number(median(p50s).toFixed(3)),
    "p95 ms": Number(median(p95s).toFixed(3)),
    "p99 ms": Number(median(p99s).toFixed(3)),
    runs: p50s.map((p, i) => `${p.toFixed(3)}/${p99s[i].toFixed(3)}`).join(" "),
  };
}

/** `fn` timed `--rounds` times for each of `inputs` (synchronous CPU work). */
const eachRound = <T>(inputs: T[], fn: (input: T) => unknown) =>
  inputs.flatMap((input) =>
    Array.from({ length: sizes.rounds }, () => {
      const started = performance.now();
      fn(input);
      return performance.now() - started;
    }),
  );

async function service(): Promise<void> {
  const bodies = new Map(
    fixtureJson<FilingFixture[]>("documents/filings.json").map((f) => [
      f.rcptNo,
      fixtureText(`documents/${f.rcptNo}.txt`),
    ]),
  );
  // The filings that are sold: their bodies state a key fact of their type.
  const filings = fixtureJson<FilingFixture[]>("documents/filings.json").filter((f) =>
    hasKeyFacts(buildFactSheet(inputOf(f, bodies.get(f.rcptNo)!))),
  );
  const documents = { getText: async (rcptNo: string) => bodies.get(rcptNo) ?? null };
  const database = await openDatabase({ dataDir: "memory://" });
  const db = database.db;
  try {
    await seedRealFilings(db, filings);
    const rcptNos = filings.map((f) => f.rcptNo);
    // The offline generator's answers (with their facts), made once per filing and then given
    // back at once: a miss costs the service's own work, not the generator's.
    const answers = new Map<string, GeneratedSummary>();
    const instant: SummaryGenerator = {
      id: "bench-instant",
      generate: async (input) =>
        answers.get(input.rcptNo) ?? answers.set(input.rcptNo, answerOf(input)).get(input.rcptNo)!,
    };
    for (const rcptNo of rcptNos) await getOrCreateSummary(db, rcptNo, { generator: instant, documents });
    const inputs = filings.map((f) => inputOf(f, bodies.get(f.rcptNo)!));
    const answered = inputs.map((input) => ({ input, sheet: buildFactSheet(input), answer: answerOf(input) }));
    const halfYear = documentTextFromZip(fixtureBytes("dart/document_20220816001711.zip")).text;
    const large = inputOf(
      {
        rcptNo: "20220816001711",
        rceptDt: "20220816",
        corpCode: "00126380",
        corpName: "삼성전자",
        ticker: "005930",
        reportNm: "반기보고서 (2022.06)",
        flrNm: "삼성전자",
      },
      halfYear,
    );

    const table = {
      "baseline: select 1 round trip": await overRuns(() => timedRuns(sizes.reads, () => db.execute(sql`select 1`))),
      "cached summary read (hit)": await overRuns(async () => {
        const samples: number[] = [];
        for (let i = 0; i < sizes.reads; i++)
          samples.push(await timed(() => getOrCreateSummary(db, rcptNos[i % rcptNos.length])));
        return samples;
      }),
      "generation overhead, model excluded (miss)": await overRuns(async () => {
        const samples: number[] = [];
        for (let round = 0; round < sizes.rounds; round++) {
          await db.execute(sql`truncate table summaries, summary_generations`);
          for (const rcptNo of rcptNos)
            samples.push(await timed(() => getOrCreateSummary(db, rcptNo, { generator: instant, documents })));
        }
        return samples;
      }),
      "  of which the gate (proposals, prose checks, rendering)": await overRuns(() =>
        eachRound(answered, ({ input, sheet, answer }) => validateSummary(input, sheet, answer)),
      ),
      "offline generation (fact sheet + template + gate), per body": await overRuns(() =>
        eachRound(inputs, offlineGeneration),
      ),
      [`offline generation of a ${halfYear.length.toLocaleString("en")}-character body`]: await overRuns(() =>
        eachRound([large], offlineGeneration),
      ),
    };
    console.log(
      `\nThe summary service besides the model, ${filings.length} real filing bodies, median of ${sizes.runs} runs; ${runLabel(quick)}`,
    );
    console.table(table);
    const [baseline, hit, miss] = Object.values(table);
    console.log(
      `cached read p50 = ${(hit["p50 ms"] / baseline["p50 ms"]).toFixed(2)}× a bare round trip; a miss costs ${(miss["p50 ms"] / hit["p50 ms"]).toFixed(1)}× a hit before the model is called.`,
    );
  } finally {
    await database.close();
  }
}

async function availability(): Promise<void> {
  const database = await openDatabase({ dataDir: "memory://" });
  const db = database.db;
  try {
    const seedMs = await timed(() => seedIfEmpty(db));
    const now = snapshotClock().now();
    const page = await recentFilings(db, { limit: 100, since: new Date(now.getTime() - 168 * 3600_000), until: now });
    const rcptNos = page.map((v) => v.filing.rcptNo);
    const offline = await storedSellableFilings(db);
    const first = offline[0].filing;
    const table: Record<string, ReturnType<typeof latencyRow>> = {
      "summaryAvailability, 1 filing": latencyRow(
        await timedRuns(sizes.samples, () => summaryAvailability(db, rcptNos.slice(0, 1))),
      ),
      "summaryAvailability, 100 filings (a feed page)": latencyRow(
        await timedRuns(sizes.samples, () => summaryAvailability(db, rcptNos)),
      ),
      "filingsWithStoredSources (the offline list)": latencyRow(
        await timedRuns(sizes.samples, () => filingsWithStoredSources(db)),
      ),
      "preflight (prepareSummary) of a bundled filing": latencyRow(
        await timedRuns(sizes.samples, () => prepareSummary(db, offline[0])),
      ),
    };
    const cold: number[] = [];
    for (const { filing } of offline) cold.push(await timed(() => getOrCreateSummary(db, filing.rcptNo)));
    table[`cold offline summary, each of the ${cold.length} bundled filings`] = latencyRow(cold);
    table["cache hit"] = latencyRow(await timedRuns(sizes.samples, () => getOrCreateSummary(db, first.rcptNo)));
    console.log(
      `\nThe bundled seed on in-memory PGlite: loading it took ${(seedMs / 1000).toFixed(2)} s; ${runLabel(quick)}`,
    );
    console.table(table);
  } finally {
    await database.close();
  }
}

runBench(async () => {
  if (sections.has("service")) await service();
  if (sections.has("availability")) await availability();
});
