/**
 * Figures of the fact sheets and offline summaries over a batch of raw real bodies, as the code
 * of this checkout reads them: what an unseen filing gets. Run it on a new batch BEFORE writing
 * rules for it (its first-sight figures, recorded in BENCHMARKS.md), and again after.
 *
 *   npx tsx --conditions=react-server scripts/corpus-figures.ts <dir> [--list]
 *
 * `<dir>` holds `<rcptNo>.xml` (a document.xml main part exactly as DART serves it) and
 * `index*.jsonl` (each body's real list.json row). Per body: read without error; sold (a key
 * fact of its type, and the offline summary passes the gate); key-role recall (the form's key
 * roles the sheet holds, over the sold); facts without a role (sold as facts: never, since
 * they need one — on older code they were); and two signs of a summary an editor grades ≤ 2,
 * counted automatically: it states one fact or none, or it is a correction ([기재정정]) that
 * does not say it corrects. `--list` prints every body's line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { classifyFiling, EVENT_TYPES, normalizeReportNm } from "@/lib/classify";
import { documentTextFromParts } from "@/lib/dart";
import { romanizeKorean } from "@/lib/romanize";
import {
  buildFactSheet,
  composeOfflineTemplate,
  hasKeyFacts,
  offlineAnswer,
  validateSummary,
  type SummaryInput,
} from "@/lib/summaries";
import { bundledDirectory } from "@/lib/summaries/names";

interface Row {
  rcept_no: string;
  rcept_dt: string;
  corp_name: string;
  stock_code: string;
  report_nm: string;
  flr_nm: string;
}

const [dir, ...flags] = process.argv.slice(2);
if (!dir) throw new Error("usage: corpus-figures.ts <dir> [--list]");
const rows: Row[] = readdirSync(dir)
  .filter((name) => /^index.*\.jsonl$/.test(name))
  .flatMap((name) =>
    readFileSync(path.join(dir, name), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row),
  );

function inputOf(row: Row, body: string): SummaryInput {
  const c = classifyFiling({ reportNm: row.report_nm, corpName: row.corp_name, flrNm: row.flr_nm });
  const d = row.rcept_dt;
  return {
    rcptNo: row.rcept_no,
    rceptDt: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`,
    corpName: row.corp_name,
    corpNameEn: bundledDirectory().get(row.corp_name) ?? romanizeKorean(row.corp_name),
    ticker: row.stock_code.trim() || null,
    reportNm: normalizeReportNm(row.report_nm),
    reportNmEn: c.reportNmEn,
    filerName: row.flr_nm && row.flr_nm !== row.corp_name ? row.flr_nm : null,
    eventType: c.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === c.eventType)!.labelEn,
    classifierScore: c.importanceScore,
    actionableFor: [...c.actionableFor],
    sectorTags: [],
    body,
    structured: null,
  };
}

const totals = {
  bodies: 0,
  errors: 0,
  sold: 0,
  keyHeld: 0,
  keyAll: 0,
  facts: 0,
  roleless: 0,
  thin: 0,
  silentCorrections: 0,
};
for (const row of rows) {
  totals.bodies++;
  let line: string;
  try {
    const xml = readFileSync(path.join(dir, `${row.rcept_no}.xml`), "utf8");
    const input = inputOf(row, documentTextFromParts([xml]).text);
    const sheet = buildFactSheet(input);
    const template = composeOfflineTemplate(input, sheet);
    const offline = validateSummary(input, sheet, offlineAnswer(input, sheet));
    const sold = hasKeyFacts(sheet) && offline.ok;
    const cited = new Set(template.match(/f\d+/g) ?? []).size;
    const correction = /\[기재정정\]/.test(row.report_nm);
    const roleless = sheet.facts.filter((fact) => (fact.role as string | null) === null).length;
    if (sold) {
      totals.sold++;
      totals.keyHeld += sheet.keyRoles.length - sheet.missingKeyRoles.length;
      totals.keyAll += sheet.keyRoles.length;
      totals.facts += sheet.facts.length;
      totals.roleless += roleless;
      if (cited <= 1) totals.thin++;
      if (correction && offline.ok && !/correct/i.test(offline.summaryEn)) totals.silentCorrections++;
    }
    line = `${row.rcept_no} ${sold ? "sold" : "not sold"} key ${sheet.keyRoles.length - sheet.missingKeyRoles.length}/${sheet.keyRoles.length} facts ${sheet.facts.length} roleless ${roleless} | ${normalizeReportNm(row.report_nm)}${offline.ok ? ` | ${offline.summaryEn}` : ` | (${offline.reason})`}`;
  } catch (error) {
    totals.errors++;
    line = `${row.rcept_no} ERROR ${error instanceof Error ? error.message : String(error)}`;
  }
  if (flags.includes("--list")) console.log(line);
}
const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)}%`);
console.log(
  JSON.stringify(
    {
      ...totals,
      soldShare: pct(totals.sold, totals.bodies),
      keyRoleRecall: pct(totals.keyHeld, totals.keyAll),
      rolelessShare: pct(totals.roleless, totals.facts),
    },
    null,
    2,
  ),
);
