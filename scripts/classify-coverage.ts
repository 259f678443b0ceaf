/**
 * Prints how many real listed-company filing rows get a specific event type rather than
 * OTHER, and the most frequent titles still falling to OTHER. Reads the committed fixture
 * (tests/fixtures/filings/filing-titles.json, built by scripts/build-classify-fixture.ts from
 * the shared filing data).
 *
 *   tsx scripts/classify-coverage.ts [--top <n>]
 */
import { parseArgs } from "node:util";
import { CLASSIFIER_VERSION } from "@/lib/classify";
import { measureCoverage } from "@/lib/classify/coverage";
import fixture from "@/tests/fixtures/filings/filing-titles.json";

const COVERAGE_GOAL = 0.97;

function main(): void {
  const { values } = parseArgs({ options: { top: { type: "string", default: "20" } } });
  const top = Number.parseInt(values.top, 10);

  const report = measureCoverage(fixture.titles);
  console.log(`Classifier version ${CLASSIFIER_VERSION}`);
  for (const [source, rows] of Object.entries(fixture.rowsBySource)) {
    console.log(`  ${String(rows).padStart(5)} rows  ${source}`);
  }
  console.log(
    `Specific event type: ${report.specificRows}/${report.rows} rows = ${(100 * report.share).toFixed(2)}% ` +
      `(goal ${(100 * COVERAGE_GOAL).toFixed(0)}%)`,
  );
  if (report.otherTitles.length === 0) {
    console.log("No title falls to OTHER.");
  } else {
    console.log(`Most frequent titles still OTHER (${report.otherTitles.length} distinct):`);
    for (const { reportNm, count } of report.otherTitles.slice(0, top)) {
      console.log(`  ${String(count).padStart(5)}  ${reportNm}`);
    }
  }
  process.exitCode = report.share >= COVERAGE_GOAL ? 0 : 1;
}

main();
