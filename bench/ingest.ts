/**
 * Ingest and classification, in one process:
 *
 * - `classify`: classifyFiling over real titles (the fixture's listed-company rows, each title
 *   as often as it occurs), cycled to at least `--titles`, titles/s per run and the median
 *   (goal > 100,000 titles/s);
 * - `ingest`: a `--batch`-row batch built from the real recorded list.json rows under fresh
 *   receipt numbers — classified alone (toFilingInput), then classified and upserted
 *   (storeFilings) — and a full directory sync from a 100,000-entry corpCode.xml served by the
 *   local fake OpenDART; on PGlite and, with DATABASE_URL, on PostgreSQL (a throwaway database
 *   created on that server, never the one in the URL). Median of `--runs`. Goals: ≥ 3,000 rows/s
 *   PGlite, ≥ 10,000 PostgreSQL, sync < 10 s.
 *
 *   npm run bench:ingest [-- --quick] [--sections classify,ingest] [--titles 100000 --batch 100000 --runs 3]
 */
import { sql } from "drizzle-orm";
import { classifyFiling } from "@/lib/classify";
import { createDartClient, type DartListRow } from "@/lib/dart";
import { storeFilings, toFilingInput } from "@/lib/filing-store";
import { syncCompanies } from "@/lib/ingest";
import { throwawayDatabases } from "../dev/support/database";
import { fullSizeCorpCodeXml, recordedFilingsByDay, startFakeDartServer } from "../dev/support/fake-dart-server";
import { benchOptions, chosenSections, fixtureJson, median, runBench, runLabel, timed } from "./kit";

const SECTIONS = ["classify", "ingest"] as const;
const { quick, sizes, texts } = benchOptions(
  { titles: [100_000, 10_000], "classify-runs": [7, 2], batch: [100_000, 5_000], runs: [3, 1] },
  ["sections"],
);
const sections = chosenSections(SECTIONS, texts.sections);
const perSecond = (count: number, ms: number) => Math.round((count * 1000) / ms).toLocaleString("en");

function classify(): void {
  const { titles: counts } = fixtureJson<{ titles: { reportNm: string; count: number }[] }>(
    "filings/filing-titles.json",
  );
  const rows = counts.flatMap(({ reportNm, count }) => Array.from({ length: count }, () => reportNm));
  const titles = Array.from({ length: Math.ceil(sizes.titles / rows.length) }, () => rows).flat();
  for (const reportNm of rows) classifyFiling({ reportNm }); // the JIT compiles the hot paths first
  const rates: number[] = [];
  let checksum = 0; // keeps the work observable so it cannot be optimised away
  for (let run = 0; run < sizes["classify-runs"]; run++) {
    const started = performance.now();
    for (const reportNm of titles) checksum += classifyFiling({ reportNm }).importanceScore;
    rates.push((titles.length * 1000) / (performance.now() - started));
  }
  console.log(`\nClassification of ${titles.length.toLocaleString("en")} real titles; ${runLabel(quick)}`);
  console.log(
    `median ${Math.round(median(rates)).toLocaleString("en")} titles/s over ${rates.length} runs (${rates.map((r) => Math.round(r)).join(", ")}; checksum ${checksum}); goal > 100,000`,
  );
}

async function ingest(): Promise<void> {
  const real = Object.values(recordedFilingsByDay()).flat();
  // Fresh 14-digit receipt numbers no real filing has (they start with the receipt year).
  const rows: DartListRow[] = Array.from({ length: sizes.batch }, (_, i) => ({
    ...real[i % real.length],
    rcept_no: String(90_000_000_000_000 + i),
  }));
  const seenAt = new Date();
  const targets = throwawayDatabases();

  const table: Record<string, Record<string, string>> = {};
  const classifyOnly: number[] = [];
  for (let run = 0; run < sizes.runs; run++)
    classifyOnly.push(await timed(() => rows.map((r) => toFilingInput(r, seenAt))));
  table["classify only (toFilingInput)"] = { rate: `${perSecond(rows.length, median(classifyOnly))} rows/s` };

  const server = await startFakeDartServer();
  server.setCorpCodeXml(fullSizeCorpCodeXml());
  const client = createDartClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  try {
    for (const target of targets) {
      const { database, dispose } = await target.open();
      try {
        const upserts: number[] = [];
        const syncs: number[] = [];
        for (let run = 0; run < sizes.runs; run++) {
          await database.db.execute(sql`truncate table filings, companies, ingest_state cascade`);
          upserts.push(await timed(() => storeFilings(database.db, rows, seenAt)));
          syncs.push(await timed(() => syncCompanies(database.db, client)));
        }
        table[`${target.name}: classify + upsert`] = {
          rate: `${perSecond(rows.length, median(upserts))} rows/s`,
          goal: target.name === "PGlite" ? "≥ 3,000" : "≥ 10,000",
        };
        table[`${target.name}: directory sync, 100k-entry corpCode.xml`] = {
          rate: `${(median(syncs) / 1000).toFixed(2)} s`,
          goal: "< 10 s",
        };
      } finally {
        await dispose();
      }
    }
  } finally {
    await server.close();
  }
  console.log(
    `\nIngest of a ${rows.length.toLocaleString("en")}-row batch of real rows, median of ${sizes.runs}; ${runLabel(quick)}`,
  );
  console.table(table);
}

runBench(async () => {
  if (sections.has("classify")) classify();
  if (sections.has("ingest")) await ingest();
});
