/**
 * The paid preflight decides, before any challenge, whether a summary will be delivered, and
 * hands what it read to the delivery: a filing whose offline summary would not pass the gate
 * is 422 (with its reason, also in the free availability answer), never a 402 followed by
 * 503s; and one paid cache miss reads the filing once and builds its fact sheet once.
 * Expectations written by the implementer of the preflight.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as availability } from "@/app/v1/disclosures/availability/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { storeFilingDocument } from "@/db/queries/summaries";
import { getDb } from "@/lib/database";
import { storeFilings } from "@/lib/filing-store";
import { deliverFacts, findSellableFiling } from "@/lib/payments/content";
import { buildFactSheet, undeliverableReason } from "@/lib/summaries";
import { notSoldFormOf } from "@/lib/summaries/facts";
import { call, useFreshAppDatabase } from "../support/app";
import { summaryInputOf } from "./support";

const reads = vi.hoisted(() => ({ filingViews: 0, sheets: 0 }));

vi.mock("@/db/queries/filings", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/db/queries/filings")>();
  return {
    ...original,
    getFilingView: (...args: Parameters<typeof original.getFilingView>) => {
      reads.filingViews++;
      return original.getFilingView(...args);
    },
  };
});
vi.mock("@/lib/summaries/facts/sheet", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/summaries/facts/sheet")>();
  return {
    ...original,
    buildFactSheet: (...args: Parameters<typeof original.buildFactSheet>) => {
      reads.sheets++;
      return original.buildFactSheet(...args);
    },
  };
});

const GUARANTEE = "20260729900778"; // Atlaslink's debt guarantee: a bundled real body, sellable
/** A supply contract whose body states its amount and nothing else: its offline summary is under 60 characters. */
const THIN = "20260716000091";
const THIN_BODY = "단일판매ㆍ공급계약체결\n2. 계약내역: 계약금액(원) | 5,000,000";

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  const db = await getDb();
  await storeFilings(db, [
    {
      corp_code: "00126380",
      corp_name: "삼성전자",
      stock_code: "005930",
      corp_cls: "Y",
      report_nm: "단일판매ㆍ공급계약체결",
      rcept_no: THIN,
      flr_nm: "삼성전자",
      rcept_dt: "20260716",
      rm: "유",
    },
  ]);
  await storeFilingDocument(db, THIN, { status: "ok", text: THIN_BODY });
});
afterAll(async () => teardown());

describe("deliverable or not, decided before the challenge", () => {
  it("a dividend decision without its dividend per share is incomplete_facts, though it states a key date", () => {
    const input = summaryInputOf({
      reportNm: "현금ㆍ현물배당결정",
      eventType: "DIVIDEND_DECISION",
      body: "현금ㆍ현물배당결정\n1. 배당구분: 결산배당\n4. 배당기준일: 2026-12-31",
    });
    const sheet = buildFactSheet(input);
    expect(sheet.facts.map((f) => f.role)).toContain("dividend.record_date");
    expect(undeliverableReason(input, sheet)).toBe("incomplete_facts");
  });

  it("a form declined for a stated reason is form_not_sold, whatever figures its body has", () => {
    const input = summaryInputOf({
      reportNm: "증권발행실적보고서",
      body: "증권발행실적보고서\n2. 계약내역: 계약금액(원) | 52,300,000,000\n3. 계약상대: 한국전력공사",
    });
    expect(undeliverableReason(input, buildFactSheet(input))).toBe("form_not_sold");
    expect(notSoldFormOf("[기재정정]투자설명서(일괄신고)")).toMatch(/offering document/);
    expect(notSoldFormOf("단일판매ㆍ공급계약체결")).toBeNull();
  });

  it("a sheet whose offline summary fails the gate is not_renderable; one that passes is sold", () => {
    const thin = summaryInputOf({ body: THIN_BODY });
    expect(undeliverableReason(thin, buildFactSheet(thin))).toBe("not_renderable");
    const body = `${THIN_BODY}\n3. 계약상대: (주)에이비씨\n최근매출액(원): 1,000,000,000,000\n매출액대비(%): 5.23`;
    const full = summaryInputOf({ body });
    expect(undeliverableReason(full, buildFactSheet(full))).toBeNull();
  });

  it("answers 422 summary_not_available (not_renderable) with no challenge, and the free answer says the same", async () => {
    const res = await call(summary, `/v1/disclosures/summary?rcptNo=${THIN}`);
    expect(res.status).toBe(422);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(res.headers.get("Retry-After")).toBeNull();
    expect(res.body).toMatchObject({ error: "summary_not_available", reason: "not_renderable" });
    const free = await call(availability, `/v1/disclosures/availability?rcptNo=${THIN}`);
    expect(free.body).toMatchObject({ summaryAvailable: false, availability: "unavailable", reason: "not_renderable" });
  });
});

describe("one paid cache miss", () => {
  it("reads the filing once and builds its fact sheet once, from the preflight to the delivered facts", async () => {
    const db = await getDb();
    reads.filingViews = 0;
    reads.sheets = 0;
    const prepared = await findSellableFiling(db, GUARANTEE);
    expect(prepared.cached).toBe(false);
    const delivered = await deliverFacts(db, prepared);
    expect(delivered.body.facts.length).toBeGreaterThan(0);
    expect(delivered.body.facts.every((fact) => fact.role)).toBe(true);
    expect(reads).toEqual({ filingViews: 1, sheets: 1 });

    // A hit: the stored summary, with no sheet built at all.
    reads.filingViews = 0;
    reads.sheets = 0;
    await deliverFacts(db, await findSellableFiling(db, GUARANTEE));
    expect(reads).toEqual({ filingViews: 1, sheets: 0 });
  });
});
