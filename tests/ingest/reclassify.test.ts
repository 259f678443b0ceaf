import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { CLASSIFIER_VERSION, classifyFiling } from "@/lib/classify";
import { storeFilings } from "@/lib/filing-store";
import { reclassifyFilings } from "@/lib/ingest";
import { filings } from "@/db/schema";
import { createTestDatabase, type TestDatabase } from "../../dev/support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

describe("reclassifyFilings", () => {
  it("re-applies the current rules to rows of an older rules version, keeping first-seen times", async () => {
    const { db } = database;
    const seenAt = new Date("2026-07-16T01:00:00Z");
    await storeFilings(
      db,
      [
        {
          rcept_no: "20260716000001",
          rcept_dt: "20260716",
          corp_code: "00126380",
          corp_name: "삼성전자",
          stock_code: "005930",
          report_nm: "주요사항보고서(자기주식취득결정)",
        },
        {
          rcept_no: "20260716000002",
          rcept_dt: "20260716",
          corp_code: "00126380",
          corp_name: "삼성전자",
          stock_code: "005930",
          report_nm: "현금ㆍ현물배당결정",
        },
      ],
      seenAt,
    );
    // Simulate rows written by an older rule version with a stale label.
    await db
      .update(filings)
      .set({ classifierVersion: CLASSIFIER_VERSION - 1, eventType: "OTHER", reportNmEn: "stale" })
      .where(eq(filings.rcptNo, "20260716000001"));

    expect(await reclassifyFilings(db)).toEqual({ reclassified: 1 });
    const [row] = await db.select().from(filings).where(eq(filings.rcptNo, "20260716000001"));
    const expected = classifyFiling({ reportNm: "주요사항보고서(자기주식취득결정)", corpName: "삼성전자" });
    expect(row).toMatchObject({
      eventType: expected.eventType,
      reportNmEn: expected.reportNmEn,
      classifierVersion: CLASSIFIER_VERSION,
    });
    expect(row.firstSeenAt.toISOString()).toBe(seenAt.toISOString());
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(filings)
      .where(sql`${filings.classifierVersion} < ${CLASSIFIER_VERSION}`);
    expect(n).toBe(0);
    expect(await reclassifyFilings(db)).toEqual({ reclassified: 0 });
  });
});
