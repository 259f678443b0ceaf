/**
 * Only grounded summaries are sold, and clients can tell for free before they pay: the
 * bundled seed's real bodies and DART structured record, the free availability endpoint
 * (the app's own database through its route handler), the db-first summaryAvailability, the
 * "available offline" list, and the snapshot clock staying coherent with filings dated
 * after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as availability } from "@/app/v1/disclosures/availability/route";
import { GET as byTicker } from "@/app/v1/disclosures/by-ticker/route";
import { GET as recent } from "@/app/v1/disclosures/recent/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { getDb } from "@/lib/database";
import { companyProfile } from "@/lib/explorer/company";
import { filingsWithStoredSources, latestSellableFilingsForTicker } from "@/db/queries";
import { SEED_DOCUMENTS, SEED_STRUCTURED } from "@/lib/seed";
import { summaryAvailabilityResponse } from "@/lib/interface/schemas";
import { SNAPSHOT_AS_OF, snapshotClock } from "@/lib/clock";
import { parseEnv } from "@/lib/env";
import { MAX_TIMEOUT_SECONDS } from "@/lib/interface/pricing";
import { getOrCreateSummary, OFFLINE_GENERATOR_ID, summaryAvailability } from "@/lib/summaries";
import { resetEnv } from "@/lib/env";
import { call, useFreshAppDatabase } from "../support/app";
import { startFakeDartServer } from "../../dev/support/fake-dart-server";

const TITLE_ONLY = "20260716900971"; // a filing of the snapshot week: its body is not bundled
const EARNINGS = "20260730800123"; // Samsung Electronics' corrected preliminary results: body bundled
const CB_DECISION = "20260910000549"; // CSA Cosmic's convertible-bond decision: DART's structured record bundled
const GUARANTEE = "20260729900778"; // Atlaslink's debt guarantee: body bundled
const NO_FACTS = "20260330000792"; // Helixmith's outside-director change: body bundled, its form left blank
/** The rendered bodies of tests/fixtures/documents, and the raw document.xml bodies of the shared corpus. */
const RENDERED_BODIES = [
  "20220816001711",
  "20260330000792",
  "20260415900781",
  "20260424000778",
  "20260424801024",
  "20260729900778",
  "20260730800123",
  "20260814004224",
  "20260814803848",
  "20260814903169",
  "20260820000380",
  "20260820800237",
  "20260821000493",
  "20260821800837",
];
const CORPUS_BODIES = 54;

let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
});
afterAll(async () => teardown());

describe("the bundled seed", () => {
  it("holds every real body and the DS005 record, each with its filing, while the clock stays at the snapshot's end", async () => {
    expect(SEED_DOCUMENTS).toHaveLength(RENDERED_BODIES.length + CORPUS_BODIES);
    expect(SEED_DOCUMENTS.map((d) => d.rcptNo)).toEqual(expect.arrayContaining(RENDERED_BODIES));
    for (const d of SEED_DOCUMENTS) expect(d.text.length, d.rcptNo).toBeGreaterThan(200);
    // No presentation left from the tools that rendered them: no markdown pipes around cells, no header.
    for (const d of SEED_DOCUMENTS) expect(d.text, d.rcptNo).not.toMatch(/^\||📄|━━/m);
    expect(SEED_STRUCTURED).toEqual([
      expect.objectContaining({
        rcptNo: CB_DECISION,
        api: "cvbdIsDecsn",
        fields: expect.objectContaining({ bd_fta: "18,000,000,000" }),
      }),
    ]);
    expect(SNAPSHOT_AS_OF).toBe("2026-07-16");

    const offline = await filingsWithStoredSources(await getDb());
    expect(offline.map((v) => v.filing.rcptNo).sort()).toEqual(
      [...SEED_DOCUMENTS, ...SEED_STRUCTURED].map((d) => d.rcptNo).sort(),
    );
    const dates = offline.map((v) => v.filing.rceptDt);
    expect(dates).toEqual([...dates].sort().reverse()); // newest first
    expect(offline.find((v) => v.filing.rcptNo === CB_DECISION)).toMatchObject({
      filing: { ticker: "083660", reportNm: "주요사항보고서(전환사채권발행결정)", eventType: expect.any(String) },
      company: { nameEn: "CSA COSMIC CO., LTD." },
    });
  });

  it("bundles the corpus's raw bodies with their real list rows, labelled as the ingest labels filings, and sellable", async () => {
    const db = await getDb();
    const rcptNos = SEED_DOCUMENTS.map((d) => d.rcptNo);
    const views = await filingsWithStoredSources(db);
    const corpus = views.filter((v) => v.filing.rcptNo !== CB_DECISION && !RENDERED_BODIES.includes(v.filing.rcptNo));
    expect(corpus).toHaveLength(CORPUS_BODIES);
    for (const { filing, company } of corpus) {
      // Listed companies of the directory, each filing with its own event type and importance.
      expect(company?.ticker, filing.rcptNo).toBe(filing.ticker);
      expect(filing.eventType, `${filing.rcptNo} ${filing.reportNm}`).not.toBe("OTHER");
      expect(filing.importanceScore).toBeGreaterThanOrEqual(1);
      expect(filing.reportNmEn).not.toMatch(/[가-힣]/);
    }
    // The remark letters of the real rows are kept (유: an exchange disclosure; 정: corrected later).
    expect(corpus.find((v) => v.filing.rcptNo === "20230209000226")?.filing.rm).toBe("정");
    // Every bundled body is there to be sold: the only refusal left is a body that states none
    // of its type's key facts (no_facts), never a missing body.
    const answers = await summaryAvailability(db, rcptNos, { fetchesFromDart: false });
    expect(answers).toHaveLength(rcptNos.length);
    for (const a of answers) {
      if (a.summaryAvailable) expect(a, a.rcptNo).toMatchObject({ basis: "body", reason: null });
      else expect(a.reason, a.rcptNo).toBe("no_facts");
    }
    const corpusNos = new Set(corpus.map((v) => v.filing.rcptNo));
    const sellableCorpus = answers.filter((a) => corpusNos.has(a.rcptNo) && a.summaryAvailable);
    expect(sellableCorpus.length).toBeGreaterThanOrEqual(CORPUS_BODIES - 3);
    // Older filings of the companies: by-ticker sells them on a fresh install, and the company page lists them.
    const hmm = await latestSellableFilingsForTicker(db, "011200", 50, snapshotClock().now(), false);
    const hmmSellable = corpus
      .filter((v) => v.filing.ticker === "011200")
      .map((v) => v.filing.rcptNo)
      .filter((rcptNo) => answers.find((a) => a.rcptNo === rcptNo)?.summaryAvailable);
    expect(hmmSellable.length).toBeGreaterThanOrEqual(6); // of HMM's 7 corpus filings, 2023–2025
    expect(hmm.map((v) => v.filing.rcptNo)).toEqual(expect.arrayContaining(hmmSellable));
    const page = await companyProfile(db, snapshotClock(), "011200");
    expect(page?.filings.map((f) => f.rcptNo)).toEqual(expect.arrayContaining(hmm.map((v) => v.filing.rcptNo)));
  });

  it("never shows a filing dated after the pinned now in the recent feed", async () => {
    const res = await call(recent, "/v1/disclosures/recent?limit=100&since_hours=168");
    expect(res.status).toBe(200);
    const latest = res.body.filings
      .map((f: { rceptDt: string }) => f.rceptDt)
      .sort()
      .at(-1);
    expect(latest).toBe(SNAPSHOT_AS_OF);
    for (const ticker of ["005930", "068270", "023440", "083660"]) {
      const own = await call(recent, `/v1/disclosures/recent?limit=100&since_hours=168&ticker=${ticker}`);
      expect(
        own.body.filings.every((f: { rceptDt: string }) => f.rceptDt <= SNAPSHOT_AS_OF),
        ticker,
      ).toBe(true);
    }
  });
});

describe("GET /v1/disclosures/availability (free)", () => {
  it("says a snapshot filing without its body cannot be had, and why", async () => {
    const res = await call(availability, `/v1/disclosures/availability?rcptNo=${TITLE_ONLY}`);
    expect(res.status).toBe(200);
    expect(summaryAvailabilityResponse.parse(res.body)).toEqual({
      rcptNo: TITLE_ONLY,
      summaryAvailable: false,
      availability: "unavailable",
      payerRisk: null,
      cached: false,
      basis: null,
      reason: "not_in_snapshot",
      generator: null,
      correctsRcptNo: null,
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("says what a bundled filing's summary would be grounded in", async () => {
    const body = await call(availability, `/v1/disclosures/availability?rcptNo=${EARNINGS}`);
    expect(body.body).toMatchObject({
      summaryAvailable: true,
      availability: "available",
      cached: false,
      basis: "body",
      reason: null,
    });
    const structured = await call(availability, `/v1/disclosures/availability?rcptNo=${CB_DECISION}`);
    expect(structured.body).toMatchObject({ summaryAvailable: true, cached: false, basis: "structured", reason: null });
  });

  it("answers 400 for a malformed receipt number and 404 for an unknown one, never a summary", async () => {
    const bad = await call(availability, "/v1/disclosures/availability?rcptNo=123");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("validation_failed");
    const unknown = await call(availability, "/v1/disclosures/availability?rcptNo=20991231000001");
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).not.toContain("summaryEn");
  });
});

describe("summaryAvailability (db-first)", () => {
  it("reports cached summaries with who wrote them, in the order asked, leaving out unknown filings", async () => {
    const db = await getDb();
    const stored = await getOrCreateSummary(db, GUARANTEE);
    expect(stored).toMatchObject({ basis: "body", modelId: OFFLINE_GENERATOR_ID, fallback: false });
    const answer = await summaryAvailability(db, [GUARANTEE, "20991231000001", TITLE_ONLY, NO_FACTS]);
    expect(answer).toEqual([
      {
        rcptNo: GUARANTEE,
        summaryAvailable: true,
        availability: "available",
        payerRisk: null,
        cached: true,
        basis: "body",
        reason: null,
        generator: `${OFFLINE_GENERATOR_ID}; basis=body`,
        correctsRcptNo: null,
      },
      {
        rcptNo: TITLE_ONLY,
        summaryAvailable: false,
        availability: "unavailable",
        payerRisk: null,
        cached: false,
        basis: null,
        reason: "not_in_snapshot",
        generator: null,
        correctsRcptNo: null,
      },
      {
        rcptNo: NO_FACTS,
        summaryAvailable: false,
        availability: "unavailable",
        payerRisk: null,
        cached: false,
        basis: null,
        reason: "no_facts",
        generator: null,
        correctsRcptNo: null,
      },
    ]);
  });

  it("with a DART key, says a filing never asked for is unknown, and what a payer risks (never a charge)", async () => {
    const [unchecked] = await summaryAvailability(await getDb(), [TITLE_ONLY], { fetchesFromDart: true });
    expect(unchecked).toEqual({
      rcptNo: TITLE_ONLY,
      summaryAvailable: false,
      availability: "unknown",
      payerRisk: expect.stringMatching(/422 summary_not_available.*503 summary_unavailable.*nothing is charged/),
      cached: false,
      basis: null,
      reason: null,
      generator: null,
      correctsRcptNo: null,
    });
  });
});

describe("the paid routes' preflight (before any challenge)", () => {
  it("answers 422 summary_not_available with the reason for a filing without its body", async () => {
    const res = await call(summary, `/v1/disclosures/summary?rcptNo=${TITLE_ONLY}`);
    expect(res.status).toBe(422);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(res.body).toEqual({
      error: "summary_not_available",
      message: expect.stringContaining("not charged"),
      reason: "not_in_snapshot",
    });
  });

  it("answers 422 no_facts for a body that states none of its type's key facts, and says so for free", async () => {
    const res = await call(summary, `/v1/disclosures/summary?rcptNo=${NO_FACTS}`);
    expect(res.status).toBe(422);
    expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
    expect(res.body).toEqual({
      error: "summary_not_available",
      message: expect.stringContaining("not charged"),
      reason: "no_facts",
    });
    const free = await call(availability, `/v1/disclosures/availability?rcptNo=${NO_FACTS}`);
    expect(free.body).toMatchObject({ summaryAvailable: false, reason: "no_facts" });
  });

  it("offers by-ticker only the filings that can be summarised, and refuses a company with none", async () => {
    const db = await getDb();
    const sellable = await latestSellableFilingsForTicker(db, "005930", 50, snapshotClock().now(), false);
    // Samsung's bundled bodies up to the snapshot's now; its later corrected results are not offered.
    expect(sellable.map((v) => v.filing.rcptNo)).toEqual(["20260424000778", "20220816001711"]);
    const none = await call(byTicker, "/v1/disclosures/by-ticker?ticker=215480");
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ error: "summary_not_available", reason: "not_in_snapshot" });
    expect(none.headers.get("PAYMENT-REQUIRED")).toBeNull();
  });
});

describe("live mode (a DART key): the preflight asks DART before any challenge", () => {
  it("answers 422 no_document when DART has no file and no record, stores that, and tells it for free afterwards", async () => {
    const dart = await startFakeDartServer();
    Object.assign(process.env, { DART_API_KEY: dart.apiKey, DART_API_BASE_URL: dart.baseUrl });
    resetEnv();
    const rcptNo = "20260716900938";
    try {
      const before = await call(availability, `/v1/disclosures/availability?rcptNo=${rcptNo}`);
      expect(summaryAvailabilityResponse.parse(before.body)).toMatchObject({
        summaryAvailable: false,
        availability: "unknown", // DART not asked yet
        basis: null,
        reason: null,
      });
      const res = await call(summary, `/v1/disclosures/summary?rcptNo=${rcptNo}`);
      expect(res.status).toBe(422);
      expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
      expect(res.body).toMatchObject({ error: "summary_not_available", reason: "no_document" });
      expect(dart.requestsTo("document.xml")).toEqual([{ endpoint: "document.xml", params: { rcept_no: rcptNo } }]);
      const after = await call(availability, `/v1/disclosures/availability?rcptNo=${rcptNo}`);
      expect(after.body).toMatchObject({
        summaryAvailable: false,
        availability: "unavailable",
        payerRisk: null,
        reason: "no_document",
      });
      // Stored: asking again costs DART nothing.
      expect((await call(summary, `/v1/disclosures/summary?rcptNo=${rcptNo}`)).status).toBe(422);
      expect(dart.requestsTo("document.xml")).toHaveLength(1);
    } finally {
      delete process.env.DART_API_KEY;
      delete process.env.DART_API_BASE_URL;
      resetEnv();
      await dart.close();
    }
  });
});

describe("live mode, DART failing", () => {
  it("never says available for a filing whose body DART fails to serve: unknown before and after, 503 uncharged meanwhile", async () => {
    const dart = await startFakeDartServer();
    Object.assign(process.env, { DART_API_KEY: dart.apiKey, DART_API_BASE_URL: dart.baseUrl });
    resetEnv();
    const rcptNo = "20260716900946"; // its body is recorded by the fake DART, but DART is failing
    try {
      dart.inject({ endpoint: "document.xml", kind: "status", status: "800", times: 10 }); // DART's "system maintenance"
      const before = await call(availability, `/v1/disclosures/availability?rcptNo=${rcptNo}`);
      expect(before.body).toMatchObject({ summaryAvailable: false, availability: "unknown" });
      expect(before.body.payerRisk).toContain("nothing is charged");

      const paid = await call(summary, `/v1/disclosures/summary?rcptNo=${rcptNo}`);
      expect(paid.status).toBe(503);
      expect(paid.body).toMatchObject({ error: "summary_unavailable", retryAfter: expect.any(Number) });
      expect(paid.headers.get("PAYMENT-REQUIRED")).toBeNull();

      // An outage is not stored as an answer: still unknown, never available.
      const after = await call(availability, `/v1/disclosures/availability?rcptNo=${rcptNo}`);
      expect(after.body).toMatchObject({ summaryAvailable: false, availability: "unknown", reason: null });
    } finally {
      delete process.env.DART_API_KEY;
      delete process.env.DART_API_BASE_URL;
      resetEnv();
      await dart.close();
    }
  });
});

describe("the summary deadline", () => {
  it("defaults to 25 s and can never reach the signed payment's validity (x402 maxTimeoutSeconds)", () => {
    expect(parseEnv({}).SUMMARY_DEADLINE_SECONDS).toBe(25);
    expect(parseEnv({ SUMMARY_DEADLINE_SECONDS: "240" }).SUMMARY_DEADLINE_SECONDS).toBe(240);
    expect(() => parseEnv({ SUMMARY_DEADLINE_SECONDS: "241" })).toThrow(/SUMMARY_DEADLINE_SECONDS/);
    expect(() => parseEnv({ SUMMARY_DEADLINE_SECONDS: "0" })).toThrow(/SUMMARY_DEADLINE_SECONDS/);
    // The longest allowed generation plus a minute for verification and settlement.
    expect(MAX_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(240 + 60);
  });
});
