/**
 * Classification throughput over real titles: the fixture's listed-company rows (each title
 * repeated as many times as it occurs), cycled to at least 100,000 titles, classified in one
 * process. Prints titles/second for each run and the median.
 *
 *   tsx scripts/bench-classify.ts [--titles <n>] [--runs <n>]
 */
import { parseArgs } from "node:util";
import { classifyFiling } from "@/lib/classify";
import fixture from "@/tests/fixtures/filings/filing-titles.json";
import { median } from "./support/stats";


function main(): void {
  const { values } = parseArgs({
    options: { titles: { type: "string", default: "100000" }, runs: { type: "string", default: "7" } },
  });
  const wanted = Number.parseInt(values.titles, 10);
  const runs = Number.parseInt(values.runs, 10);

  const rows = fixture.titles.flatMap(({ reportNm, count }) => Array.from({ length: count }, () => reportNm));
  const titles = Array.from({ length: Math.ceil(wanted / rows.length) }, () => rows).flat();

  // Warm-up so the JIT has compiled the hot paths before anything is timed.
  for (const reportNm of rows) classifyFiling({ reportNm });

  const rates: number[] = [];
  let checksum = 0;
  for (let run = 1; run <= runs; run++) {
    const started = process.hrtime.bigint();
    for (const reportNm of titles) checksum += classifyFiling({ reportNm }).importanceScore;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    rates.push(titles.length / seconds);
    const milliseconds = (seconds * 1000).toFixed(1);
    console.log(`run ${run}: ${titles.length} titles in ${milliseconds} ms = ${Math.round(titles.length / seconds)} titles/s`);
  }
  // The checksum keeps the work observable so it cannot be optimised away.
  console.log(
    `median: ${Math.round(median(rates))} titles/s over ${titles.length} titles x ${runs} runs (checksum ${checksum})`,
  );
}

main();
