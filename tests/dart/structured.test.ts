/**
 * DART's structured data (DS005): which API a filing's title maps to, the client against the
 * stand-in OpenDART serving the real cvbdIsDecsn record of 20260910000549, and the summary
 * pipeline fetching it once beside the body, storing it, and handing it to the generator.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { filingDocuments, filingStructured } from "@/db/schema";
import { createDartClient, DartError, structuredApiFor } from "@/lib/dart";
import {
  GeneratorError,
  getOrCreateSummary,
  storedOrFetchedDocuments,
  type SummaryGenerator,
  type SummaryInput,
} from "@/lib/summaries";
import { describeEachDatabase } from "../support/each-database";
import {
  realStructuredRecord,
  REAL_STRUCTURED_RCPT_NO,
  startFakeDartServer,
  type FakeDartServer,
} from "../../dev/support/fake-dart-server";
import { emptySummaryTables, insertFilings } from "../summaries/support";

const CB_DECISION = {
  rcptNo: REAL_STRUCTURED_RCPT_NO,
  rceptDt: "20260910",
  corpCode: "00406037",
  corpName: "CSA 코스믹",
  ticker: "083660",
  reportNm: "주요사항보고서(전환사채권발행결정)",
};

let dart: FakeDartServer;
beforeAll(async () => {
  dart = await startFakeDartServer();
});
afterAll(() => dart.close());
beforeEach(() => {
  dart.clearFaults();
  dart.requests.length = 0;
});

const client = () => createDartClient({ baseUrl: dart.baseUrl, apiKey: dart.apiKey, maxRetries: 0 });

describe("structuredApiFor", () => {
  it.each([
    ["주요사항보고서(전환사채권발행결정)", "cvbdIsDecsn"],
    ["[기재정정]주요사항보고서(유상증자결정)", "piicDecsn"],
    ["주요사항보고서 (자기주식취득 신탁계약 체결 결정)", "tsstkAqTrctrCnsDecsn"],
    ["주요사항보고서(주식교환·이전결정)", "stkExtrDecsn"], // a middle-dot variant
    ["주요사항보고서(자산양수도(기타), 풋백옵션)", "astInhtrfEtcPtbkOpt"],
    ["주요사항보고서(회사합병결정)", "cmpMgDecsn"],
  ])("maps %s to %s", (title, api) => {
    expect(structuredApiFor(title)).toBe(api);
  });

  it.each([
    "주요사항보고서(자기주식처분결정)(자회사의 주요경영사항)", // the subsidiary's record, under the subsidiary
    "단일판매ㆍ공급계약체결",
    "전환사채권발행결정", // an exchange notice, not the 주요사항보고서
    "주요사항보고서(자기전환사채만기전취득결정)", // no DS005 API for it
  ])("has no API for %s", (title) => {
    expect(structuredApiFor(title)).toBeNull();
  });
});

describe("DartClient.structuredRecord", () => {
  it("asks by company and receipt day and picks the filing's record, exactly as DART sent it", async () => {
    const answer = await client().structuredRecord("cvbdIsDecsn", {
      rcptNo: CB_DECISION.rcptNo,
      corpCode: CB_DECISION.corpCode,
      rceptDt: "2026-09-10",
    });
    expect(answer).toEqual({ status: "ok", api: "cvbdIsDecsn", fields: realStructuredRecord() });
    if (answer.status !== "ok") throw new Error("unreachable");
    expect(answer.fields).toMatchObject({
      bd_fta: "18,000,000,000",
      bd_intr_ex: "2.0",
      bd_intr_sf: "6.5",
      cv_prc: "1,719",
      bdis_mthn: "사모",
    });
    expect(dart.requestsTo("cvbdIsDecsn.json")).toEqual([
      { endpoint: "cvbdIsDecsn.json", params: { corp_code: "00406037", bgn_de: "20260910", end_de: "20260910" } },
    ]);
  });

  it("answers no_data for DART's 013 and for a day without the filing's row", async () => {
    const other = { rcptNo: "20260910000999", corpCode: CB_DECISION.corpCode, rceptDt: "20260910" };
    expect(await client().structuredRecord("cvbdIsDecsn", other)).toEqual({ status: "no_data", api: "cvbdIsDecsn" });
    const elsewhere = { ...other, rcptNo: CB_DECISION.rcptNo, rceptDt: "20260911" };
    expect(await client().structuredRecord("cvbdIsDecsn", elsewhere)).toEqual({
      status: "no_data",
      api: "cvbdIsDecsn",
    });
  });

  it("throws a typed error when DART fails (quota), never reading it as no record", async () => {
    dart.inject({ endpoint: "cvbdIsDecsn.json", kind: "status", status: "020" });
    const failure = await client()
      .structuredRecord("cvbdIsDecsn", {
        rcptNo: CB_DECISION.rcptNo,
        corpCode: CB_DECISION.corpCode,
        rceptDt: "20260910",
      })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DartError);
    expect((failure as DartError).kind).toBe("quota");
  });
});

/** A generator that keeps what it was given and declines to answer (the test is about the input). */
function recordingGenerator(): SummaryGenerator & { inputs: SummaryInput[] } {
  const inputs: SummaryInput[] = [];
  return {
    id: "recording-model",
    inputs,
    async generate(input) {
      inputs.push(input);
      throw new GeneratorError("recorded");
    },
  };
}

describeEachDatabase("the structured record in the summary pipeline", (db) => {
  beforeEach(async () => {
    await emptySummaryTables(db());
    await insertFilings(db(), [CB_DECISION]);
  });

  it("fetches the record beside the body once, stores it, and gives the generator its exact fields", async () => {
    const documents = storedOrFetchedDocuments(db(), client);
    const generator = recordingGenerator();
    const options = { generator, fallback: null, documents, retryAfterSeconds: 1 };

    await expect(getOrCreateSummary(db(), CB_DECISION.rcptNo, options)).rejects.toMatchObject({
      name: "SummaryUnavailableError",
    });
    expect(generator.inputs).toHaveLength(1);
    expect(generator.inputs[0]).toMatchObject({
      body: null,
      structured: { api: "cvbdIsDecsn", fields: realStructuredRecord() },
    });

    // Stored like the body: DART's no-file answer for the document, the record itself.
    expect(await db().select({ status: filingDocuments.status }).from(filingDocuments)).toEqual([
      { status: "no_file" },
    ]);
    const [stored] = await db().select().from(filingStructured).where(eq(filingStructured.rcptNo, CB_DECISION.rcptNo));
    expect(stored).toMatchObject({ api: "cvbdIsDecsn", status: "ok", fields: realStructuredRecord() });

    // A second run reads both from the database: no more DART calls.
    const calls = dart.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the failed run's cool-down
    await expect(getOrCreateSummary(db(), CB_DECISION.rcptNo, options)).rejects.toMatchObject({
      name: "SummaryUnavailableError",
    });
    expect(generator.inputs[1].structured).toEqual(generator.inputs[0].structured);
    expect(dart.requests.length).toBe(calls);
  });

  it("asks DART for no record when the title has no DS005 API", async () => {
    const documents = storedOrFetchedDocuments(db(), client);
    const supply = { ...CB_DECISION, rcptNo: "20260910000550", reportNm: "단일판매ㆍ공급계약체결" };
    await insertFilings(db(), [supply]);
    expect(await documents.getStructured!({ ...supply, rceptDt: "2026-09-10" })).toBeNull();
    expect(dart.requests.filter((r) => r.endpoint !== "document.xml")).toEqual([]);
    expect(await db().select().from(filingStructured)).toEqual([]);
  });

  it("does not store a failed fetch as no record", async () => {
    const documents = storedOrFetchedDocuments(db(), client);
    dart.inject({ endpoint: "cvbdIsDecsn.json", kind: "http", code: 503 });
    await expect(documents.getStructured!({ ...CB_DECISION, rceptDt: "2026-09-10" })).rejects.toBeInstanceOf(DartError);
    expect(await db().select().from(filingStructured)).toEqual([]);
  });
});
