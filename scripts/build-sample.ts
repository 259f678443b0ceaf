/**
 * Builds lib/interface/sample.json, the constant body of GET /v1/disclosures/sample: a full
 * DisclosureSummaryDto produced by this service's own pipeline from a real filing and its
 * real body; and lib/interface/sample-facts.json, the same summary with its fact sheet as
 * GET /v1/disclosures/facts answers it (one run, so the two always agree) — Samsung Electronics' corrected preliminary results for Q2 2026 (receipt
 * 20260730800123; body in tests/fixtures/documents). No filing of the bundled seed week has
 * a body in the shared data, so the sample comes from this one.
 *
 *   npm run sample:build
 *
 * (tsx --conditions=react-server scripts/build-sample.ts). With OPENAI_API_KEY set the
 * configured model writes the summary; without, the offline generator.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { openDatabase } from "@/db/client";
import { getFilingView, upsertCompanies } from "@/db/queries";
import { seedCompanies } from "@/lib/seed";
import { disclosureFactsResponse, disclosureSummaryDto } from "@/lib/interface/schemas";
import { endOfKstDay } from "@/lib/clock";
import { toDisclosureFactsResponse, toDisclosureSummaryDto } from "@/lib/disclosures/dto";
import { storeFilings } from "@/lib/filing-store";
import { getOrCreateSummaryWithFacts } from "@/lib/summaries";
import realFilings from "@/tests/fixtures/documents/filings.json";

const SAMPLE_RCPT_NO = "20260730800123";
const OUTPUT = new URL("../lib/interface/sample.json", import.meta.url);
const FACTS_OUTPUT = new URL("../lib/interface/sample-facts.json", import.meta.url);

async function main(): Promise<void> {
  const filing = realFilings.find((f) => f.rcptNo === SAMPLE_RCPT_NO);
  if (!filing?.ticker) throw new Error(`${SAMPLE_RCPT_NO} is missing from tests/fixtures/documents/filings.json`);
  const body = readFileSync(new URL(`../tests/fixtures/documents/${SAMPLE_RCPT_NO}.txt`, import.meta.url), "utf8");

  const database = await openDatabase({ dataDir: "memory://" });
  try {
    const db = database.db;
    await upsertCompanies(
      db,
      seedCompanies().filter((c) => c.ticker === filing.ticker),
    );
    await storeFilings(
      db,
      [
        {
          rcept_no: filing.rcptNo,
          rcept_dt: filing.rceptDt,
          corp_code: filing.corpCode,
          corp_name: filing.corpName,
          stock_code: filing.ticker,
          corp_cls: "Y",
          report_nm: filing.reportNm,
          flr_nm: filing.flrNm,
          rm: null,
        },
      ],
      endOfKstDay(filing.rceptDt),
    );

    const answer = await getOrCreateSummaryWithFacts(db, SAMPLE_RCPT_NO, {
      documents: { getText: async (rcptNo) => (rcptNo === SAMPLE_RCPT_NO ? body : null) },
    });
    const { summary } = answer;
    const view = await getFilingView(db, SAMPLE_RCPT_NO);
    if (!view) throw new Error("the sample filing vanished");
    const dto = disclosureSummaryDto.parse(toDisclosureSummaryDto(view, summary));
    writeFileSync(OUTPUT, `${JSON.stringify(dto, null, 2)}\n`);
    const facts = disclosureFactsResponse.parse(toDisclosureFactsResponse(view, answer));
    writeFileSync(FACTS_OUTPUT, `${JSON.stringify(facts, null, 2)}\n`);
    console.log(
      `wrote ${OUTPUT.pathname} and ${FACTS_OUTPUT.pathname} (model ${summary.modelId}, basis ${summary.basis}, ${facts.facts.length} facts)`,
    );
  } finally {
    await database.close();
  }
}

await main();
