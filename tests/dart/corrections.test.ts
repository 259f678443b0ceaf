/**
 * Corrections ([기재정정]) on a real chain of KB Financial Group's write-down contingent capital
 * filings (list rows of SOSO-0304/disclosure-analyst-agent at 10a9ee6, the newest version's real
 * body): the original 20240927000850, a first correction 20250110000848 and the newest
 * 20250116000106, whose body says it corrects the filing first made on 2024-09-27.
 *
 * DART's structured record (DS005) answers an event's newest version only, filtered by the
 * ORIGINAL receipt day, under the newest version's receipt number (a published study of 1,002
 * requests; ../shared/notes/dart.md). The stand-in OpenDART serves a record that way; DART's own
 * record of this event is not in the data, so its values are the newest body's (say so). Expectations
 * written by the implementer of the lookup.
 */
import { readFileSync } from "node:fs";
import { zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeFilingDocument } from "@/db/queries/summaries";
import { correctedFilingDate, createDartClient, documentTextFromParts } from "@/lib/dart";
import { storedOrFetchedDocuments, summarySources } from "@/lib/summaries";
import { correctedFilingOf } from "@/lib/summaries/corrections";
import { describeEachDatabase } from "../support/each-database";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";
import { emptySummaryTables, insertFilings } from "../summaries/support";

const COMPANY = { corpCode: "00688996", corpName: "KB금융", ticker: "105560" };
const TITLE = "주요사항보고서(상각형조건부자본증권발행결정)";
const ORIGINAL = { ...COMPANY, rcptNo: "20240927000850", rceptDt: "20240927", reportNm: TITLE };
const FIRST_CORRECTION = { ...COMPANY, rcptNo: "20250110000848", rceptDt: "20250110", reportNm: `[기재정정]${TITLE}` };
const NEWEST = { ...COMPANY, rcptNo: "20250116000106", rceptDt: "20250116", reportNm: `[기재정정]${TITLE}` };
const NEWEST_XML = readFileSync(new URL("../fixtures/dart/corpus2/20250116000106.xml", import.meta.url), "utf8");
const NEWEST_BODY = documentTextFromParts([NEWEST_XML]).text;
/** The event's record as DS005 would answer it: the newest version's number, its values (from its body). */
const RECORD = {
  rcept_no: NEWEST.rcptNo,
  corp_cls: "Y",
  corp_code: COMPANY.corpCode,
  corp_name: "KB금융",
  bd_tm: "13",
  bd_fta: "405,000,000,000",
};

let dart: FakeDartServer;
beforeAll(async () => {
  dart = await startFakeDartServer();
  dart.addStructured("wdCocobdIsDecsn", RECORD, { eventDay: ORIGINAL.rceptDt });
  dart.setDocument(NEWEST.rcptNo, zipSync({ [`${NEWEST.rcptNo}.xml`]: new TextEncoder().encode(NEWEST_XML) }));
});
afterAll(() => dart.close());
beforeEach(() => {
  dart.requests.length = 0;
});
const client = () => createDartClient({ baseUrl: dart.baseUrl, apiKey: dart.apiKey, maxRetries: 0 });
const iso = (day: string) => `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;

describe("the day a correction corrects", () => {
  it("is read from the correction's own body; a filing that corrects nothing has none", () => {
    expect(correctedFilingDate(NEWEST.reportNm, NEWEST_BODY)).toBe("2024-09-27");
    expect(correctedFilingDate(ORIGINAL.reportNm, NEWEST_BODY)).toBeNull();
    expect(correctedFilingDate(NEWEST.reportNm, "정정대상 공시서류의 최초제출일 :")).toBeNull();
  });
});

describe("DART's structured record of a corrected event", () => {
  it("is asked for under the original's day, and found under the newest version's number", async () => {
    const answer = await client().structuredRecord("wdCocobdIsDecsn", {
      rcptNo: NEWEST.rcptNo,
      corpCode: COMPANY.corpCode,
      rceptDt: iso(NEWEST.rceptDt),
      eventDays: { from: "2024-09-27", to: "2024-09-27" },
    });
    expect(answer).toEqual({ status: "ok", api: "wdCocobdIsDecsn", fields: RECORD });
  });

  it("is not found by the correction's own day (what a lookup by receipt day alone asks)", async () => {
    const answer = await client().structuredRecord("wdCocobdIsDecsn", {
      rcptNo: NEWEST.rcptNo,
      corpCode: COMPANY.corpCode,
      rceptDt: iso(NEWEST.rceptDt),
    });
    expect(answer).toEqual({ status: "no_data", api: "wdCocobdIsDecsn" });
  });

  it("is never handed to the original or an older correction: their values were superseded", async () => {
    for (const older of [ORIGINAL, FIRST_CORRECTION]) {
      const answer = await client().structuredRecord("wdCocobdIsDecsn", {
        rcptNo: older.rcptNo,
        corpCode: COMPANY.corpCode,
        rceptDt: iso(older.rceptDt),
        eventDays: { from: "2024-09-27", to: "2024-09-27" },
      });
      expect(answer).toEqual({ status: "no_data", api: "wdCocobdIsDecsn" });
    }
  });
});

describeEachDatabase("a correction in the summary pipeline", (db) => {
  beforeEach(async () => {
    await emptySummaryTables(db());
    await insertFilings(db(), [ORIGINAL, FIRST_CORRECTION, NEWEST]);
  });

  it("fetches the newest correction's record by the day its body names", async () => {
    const documents = storedOrFetchedDocuments(db(), client);
    const sources = await summarySources({ ...NEWEST, rceptDt: iso(NEWEST.rceptDt) }, documents);
    expect(sources.structured).toEqual({ api: "wdCocobdIsDecsn", fields: RECORD });
    expect(dart.requestsTo("wdCocobdIsDecsn.json")).toEqual([
      {
        endpoint: "wdCocobdIsDecsn.json",
        params: { corp_code: COMPANY.corpCode, bgn_de: "20240927", end_de: "20240927" },
      },
    ]);
  });

  it("links each correction to the original it corrects", async () => {
    await storeFilingDocument(db(), NEWEST.rcptNo, { status: "ok", text: NEWEST_BODY });
    expect(await correctedFilingOf(db(), NEWEST.rcptNo)).toBe(ORIGINAL.rcptNo); // by the day its body names
    expect(await correctedFilingOf(db(), FIRST_CORRECTION.rcptNo)).toBe(ORIGINAL.rcptNo); // no body: the original before it
    expect(await correctedFilingOf(db(), ORIGINAL.rcptNo)).toBeNull();
  });
});
