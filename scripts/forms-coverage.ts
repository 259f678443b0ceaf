/**
 * How much of listed companies' filing volume the fact sheets read: each title of the title
 * frequency table (../shared/data/dart/reference/report_nm_frequency.csv: DART's daily lists of
 * 2020 and 2022, a week of 2026, and a year of 2026's major events), weighted by its count, is
 * read by a form's dictionary, or not sold for a reason its form states (NOT_SOLD_FORMS), or
 * left to the general dictionary (amounts and counterparties only).
 *
 *   npx tsx --conditions=react-server scripts/forms-coverage.ts [--top 60] [--list]
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { classifyFiling } from "@/lib/classify";
import { formOf, notSoldFormOf } from "@/lib/summaries/facts";

const args = process.argv.slice(2);
const top = Number(args[args.indexOf("--top") + 1]) || Infinity;
const rows = (
  parse(readFileSync("../shared/data/dart/reference/report_nm_frequency.csv"), { columns: true }) as {
    report_nm_normalized: string;
    total: string;
  }[]
)
  .map((r) => ({ title: r.report_nm_normalized, n: Number(r.total) }))
  .sort((a, b) => b.n - a.n)
  .slice(0, top);

const volume = { read: 0, reasoned: 0, general: 0 };
for (const { title, n } of rows) {
  const { eventType } = classifyFiling({ reportNm: title, corpName: "", flrNm: "" });
  const form = formOf(title, eventType);
  const how = form.id !== "general" ? "read" : notSoldFormOf(title) ? "reasoned" : "general";
  volume[how] += n;
  if (args.includes("--list")) console.log(`${how.padEnd(8)} ${String(n).padStart(4)} ${form.id.padEnd(24)} ${title}`);
}
const total = volume.read + volume.reasoned + volume.general;
const pct = (x: number) => `${((100 * x) / total).toFixed(1)}%`;
console.log(
  `${rows.length} titles, ${total} filings: read ${pct(volume.read)}, not sold for a stated reason ${pct(volume.reasoned)}, general dictionary only ${pct(volume.general)}; covered ${pct(volume.read + volume.reasoned)}`,
);
