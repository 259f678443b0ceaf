import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { countCompanies, getCompany, getIngestState, upsertCompanies } from "@/db/queries";
import { companies } from "@/db/schema";
import { sectorTagsFor } from "@/lib/classify";
import { syncCompanies } from "@/lib/ingest";
import { translateName } from "@/lib/names";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { fullSizeCorpCodeXml, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

const directoryXml = readFileSync(new URL("../fixtures/dart/CORPCODE_listed_20260630.xml", import.meta.url), "utf8");
/** The real listed entries whose English name is blank. */
const blankNames = [...directoryXml.matchAll(/<list>[\s\S]*?<\/list>/g)]
  .map((m) => m[0])
  .filter((entry) => /<corp_eng_name>\s*<\/corp_eng_name>/.test(entry))
  .map((entry) => ({
    corpCode: /<corp_code>(\d+)</.exec(entry)![1],
    corpName: /<corp_name>([^<]+)</.exec(entry)![1],
    stockCode: /<stock_code>(\w+)</.exec(entry)![1],
  }));

let server: FakeDartServer;
beforeEach(async () => {
  server = await startFakeDartServer();
});
afterEach(() => server.close());

describeEachDatabase("syncCompanies", (db) => {
  it("loads the real listed directory with English names from the directory, company.json or romanisation", async () => {
    expect(blankNames).toHaveLength(3);
    const [viaCompanyJson, withoutEnglish] = blankNames;
    // Constructed company.json answers: one with an English name, one without.
    server.setCompany(viaCompanyJson.corpCode, {
      corp_name: viaCompanyJson.corpName,
      corp_name_eng: "Example English Name Co., Ltd.",
      stock_code: viaCompanyJson.stockCode,
      corp_cls: "K",
    });
    server.setCompany(withoutEnglish.corpCode, {
      corp_name: withoutEnglish.corpName,
      corp_name_eng: " ",
      stock_code: withoutEnglish.stockCode,
      corp_cls: "N",
    });

    const clock = settableClock("2026-07-01T06:00:00+09:00");
    const summary = await syncCompanies(db(), recordingClient(server), clock);
    expect(summary).toEqual({
      listed: 3974,
      written: 3974,
      nameSources: { directory: 3971, company_json: 1, translated: 2 },
    });
    expect(await countCompanies(db())).toBe(3974);
    expect(server.requestsTo("company.json")).toHaveLength(3);

    expect(await getCompany(db(), "005930")).toMatchObject({
      corpCode: "00126380",
      nameKr: "삼성전자",
      nameEn: "SAMSUNG ELECTRONICS CO,.LTD",
      nameEnSource: "directory",
      sectorTags: sectorTagsFor("005930"),
    });
    expect(await getCompany(db(), viaCompanyJson.stockCode)).toMatchObject({
      nameEn: "Example English Name Co., Ltd.",
      nameEnSource: "company_json",
      market: "KOSDAQ",
    });
    expect(await getCompany(db(), withoutEnglish.stockCode)).toMatchObject({
      nameEn: translateName(withoutEnglish.corpName, { legalForm: false }).english,
      nameEnSource: "translated",
      market: "KONEX",
    });
    expect(await getIngestState(db(), "companies")).toMatchObject({ lastCycleRows: 3974, errorCode: null });

    // A second sync changes nothing.
    expect((await syncCompanies(db(), recordingClient(server), clock)).written).toBe(0);
  });

  it("keeps a known market and industry the directory does not carry", async () => {
    await upsertCompanies(db(), [
      {
        ticker: "005930",
        corpCode: "00126380",
        nameKr: "삼성전자",
        nameEn: "Samsung Electronics",
        nameEnSource: "directory",
        market: "KOSPI",
        industry: "통신 및 방송 장비 제조업",
        sectorTags: [],
        modifyDate: "20200101",
      },
    ]);
    await syncCompanies(db(), recordingClient(server));
    const [row] = await db().select().from(companies).where(eq(companies.ticker, "005930"));
    expect(row).toMatchObject({
      nameEn: "SAMSUNG ELECTRONICS CO,.LTD",
      market: "KOSPI",
      industry: "통신 및 방송 장비 제조업",
    });
  });

  it("romanises the rest when company.json fails, without more lookups", async () => {
    server.inject({ endpoint: "company.json", kind: "status", status: "020", times: Infinity });
    const summary = await syncCompanies(db(), recordingClient(server, { maxRetries: 0 }));
    expect(summary.nameSources).toEqual({ directory: 3971, company_json: 0, translated: 3 });
    expect(server.requestsTo("company.json")).toHaveLength(1);
  });

  it("reads only the listed entries of a 100k-entry directory", async () => {
    server.setCorpCodeXml(fullSizeCorpCodeXml());
    const summary = await syncCompanies(db(), recordingClient(server));
    expect(summary.listed).toBe(3974);
    expect(await countCompanies(db())).toBe(3974);
  });

  it("records a failed directory download", async () => {
    server.inject({ endpoint: "corpCode.xml", kind: "status", status: "800" });
    await expect(syncCompanies(db(), recordingClient(server))).rejects.toMatchObject({ kind: "maintenance" });
    expect(await getIngestState(db(), "companies")).toMatchObject({ errorCode: "800" });
  });
});
