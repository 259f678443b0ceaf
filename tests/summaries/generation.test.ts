/**
 * The generation pipeline end to end: the real `openai` SDK against a local OpenAI-compatible
 * server (tests/support/fake-openai-server.ts) that answers well, badly, slowly or with
 * errors, on a real filing body, on every database the machine offers.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { filingDocuments, summaries, summaryGenerations, summaryLeases } from "@/db/schema";
import { createDartClient } from "@/lib/dart";
import { resetEnv } from "@/lib/env";
import { disclosureFactsResponse } from "@/lib/interface/schemas";
import { getFilingView } from "@/db/queries/filings";
import { toDisclosureFactsResponse } from "@/lib/disclosures/dto";
import {
  buildFactSheet,
  composeOfflinePlan,
  createOpenAiGenerator,
  getGeneratorState,
  getOrCreateSummaryWithFacts,
  getOrCreateSummary,
  OFFLINE_GENERATOR_ID,
  PROMPT_VERSION,
  regenerateSummary,
  settleFallbackUpgrades,
  storedOrFetchedDocuments,
  summaryDeadline,
  SummaryUnavailableError,
  FilingNotFoundError,
  type OpenAiGeneratorOptions,
} from "@/lib/summaries";
import { describeEachDatabase } from "../support/each-database";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";
import { answer, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { realInput } from "./corpus";
import { documentsFrom, emptySummaryTables, insertFilings, realBody, realFiling } from "./support";

const API_KEY = "sk-test-0123456789abcdef";
const EARNINGS = realFiling("20260730800123"); // Samsung Electronics, corrected preliminary Q2 2026 results
/** A model's answer: a plan — one frame of the results form, its slots filled with the sheet's facts (f3 the period, f4 revenue…). */
const LEAD = {
  frame: "preliminary_results.1a",
  slots: [
    { slot: "results.period", fact: "f3" },
    { slot: "revenue.current", fact: "f4" },
    { slot: "revenue.year_ago", fact: "f7" },
    { slot: "revenue.yoy_change", fact: "f8" },
    { slot: "operating_profit.current", fact: "f12" },
    { slot: "operating_profit.year_ago", fact: "f15" },
    { slot: "operating_profit.yoy_change", fact: "f16" },
  ],
};
const GOOD = { frames: [LEAD], terms: [], importanceScore: 5, newFacts: [] };
/** The placeholder text the frame writes. */
const GOOD_TEMPLATE =
  "{company} corrected its preliminary results for {f3}: {label f4} of {f4}, {move f4 f7 f8} a year earlier, and {label f12} of {f12}, {move f12 f15 f16} a year earlier.";
/** What buyers read: every figure rendered from its fact. */
const GOOD_TEXT =
  "Samsung Electronics corrected its preliminary results for the second quarter of 2026: revenue of KRW 171.5 trillion, up 130% from KRW 74.57 trillion a year earlier, and operating profit of KRW 89.49 trillion, up 1,813.83% from KRW 4.68 trillion a year earlier.";

let openai: FakeOpenAiServer;
let dart: FakeDartServer;
beforeAll(async () => {
  openai = await startFakeOpenAiServer();
  dart = await startFakeDartServer();
});
afterAll(async () => {
  await openai.close();
  await dart.close();
});

function model(overrides: Partial<OpenAiGeneratorOptions> = {}) {
  return createOpenAiGenerator({
    apiKey: API_KEY,
    baseURL: openai.baseUrl,
    model: "fake-model",
    timeoutMs: 1_000,
    maxRetries: 2,
    retryBaseMs: 5,
    retryMaxMs: 200,
    ...overrides,
  });
}

const earningsBody = () => documentsFrom({ [EARNINGS.rcptNo]: realBody(EARNINGS.rcptNo) });

describeEachDatabase("summary generation", (db) => {
  beforeEach(async () => {
    openai.reset();
    dart.clearFaults();
    await emptySummaryTables(db());
    await insertFilings(db(), [EARNINGS]);
  });

  const generations = () =>
    db()
      .select()
      .from(summaryGenerations)
      .where(eq(summaryGenerations.rcptNo, EARNINGS.rcptNo))
      .orderBy(asc(summaryGenerations.id));

  it("stores a good answer with the company's tags, records the tokens, and serves later calls from the cache", async () => {
    openai.enqueue(answer(GOOD));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });

    expect(row).toMatchObject({
      rcptNo: EARNINGS.rcptNo,
      summaryEn: GOOD_TEXT,
      template: GOOD_TEMPLATE,
      importanceScore: 5,
      tickerTags: ["005930"],
      actionableFor: ["traders", "long_term_investors"],
      basis: "body",
      modelId: "fake-model",
      promptVersion: PROMPT_VERSION,
    });
    expect(row.sectorTags.length).toBeGreaterThan(0);
    expect(await generations()).toMatchObject([
      { outcome: "ok", modelId: "fake-model", inputTokens: 1200, outputTokens: 180, detail: null },
    ]);

    const [request] = openai.requests;
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "summary_plan", strict: true },
    });
    expect(request.body.messages[1].content).toContain("매출액: 당해실적 | 171.50");
    expect(request.body.messages[1].content).toContain(
      'f4 KEY | role revenue.current | revenue | amount 171500000000000 KRW | renders "KRW 171.5 trillion"',
    );
    expect(request.body.messages[1].content).toContain("Classifier importance score: 4");

    const again = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(again).toEqual(row);
    expect(openai.requests).toHaveLength(1);
  });

  it("retries once with the reason after invalid JSON", async () => {
    openai.enqueue(answer('{"summaryEn": "Samsung'), answer(GOOD));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });

    expect(row.modelId).toBe("fake-model");
    expect(openai.requests).toHaveLength(2);
    const retry = openai.requests[1].body.messages;
    expect(retry.at(-2)).toEqual({ role: "assistant", content: '{"summaryEn": "Samsung' });
    expect(retry.at(-1)?.content).toContain("not valid JSON");
    expect((await generations()).map((g) => g.outcome)).toEqual(["invalid", "ok"]);
  });

  it("falls back to the offline generator after two out-of-range scores", async () => {
    openai.enqueue(answer({ ...GOOD, importanceScore: 11 }), answer({ ...GOOD, importanceScore: 0 }));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });

    expect(row.modelId).toBe(OFFLINE_GENERATOR_ID);
    expect(row.summaryEn).toContain("KRW 171.5 trillion");
    expect(row.importanceScore).toBe(4);
    expect(await generations()).toMatchObject([
      { outcome: "invalid", detail: "rule plan_shape: importanceScore: importanceScore must be from 1 to 10" },
      { outcome: "invalid", detail: "rule plan_shape: importanceScore: importanceScore must be from 1 to 10" },
      { outcome: "fallback", modelId: OFFLINE_GENERATOR_ID },
    ]);
  });

  it("rejects a slot filled with a fact of another role, and names the rule, not the plan's words, in the retry", async () => {
    // Revenue a year ago in the current revenue's slot: the sentence would state last year's figure as this quarter's.
    const swapped = LEAD.slots.map((s) => (s.slot === "revenue.current" ? { ...s, fact: "f7" } : s));
    openai.enqueue(answer({ ...GOOD, frames: [{ ...LEAD, slots: swapped }] }), answer(GOOD));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });

    expect(row.summaryEn).toBe(GOOD_TEXT);
    expect(openai.requests[1].body.messages.at(-1)?.content).toContain("rule slot_role");
    expect(await generations()).toMatchObject([
      { outcome: "invalid", detail: expect.stringContaining("rule slot_role") },
      { outcome: "ok" },
    ]);
  });

  it("shows a model's term beside its Korean cell, marked as the model's translation, in the summary and the facts answer", async () => {
    const fund = realFiling("20260821800837"); // 기타경영사항: DS부문 협력사 인센티브 기금 출연
    await insertFilings(db(), [fund]);
    const input = realInput(fund.rcptNo);
    const sheet = buildFactSheet(input);
    const subject = sheet.facts.find((f) => f.role === "material.subject")!;
    const en = "DS division partner incentive fund contribution";
    openai.enqueue(
      answer({
        frames: composeOfflinePlan(input, sheet),
        terms: [{ fact: subject.id, en }],
        importanceScore: input.classifierScore,
        newFacts: [],
      }),
    );
    const documents = documentsFrom({ [fund.rcptNo]: realBody(fund.rcptNo) });
    const delivered = await getOrCreateSummaryWithFacts(db(), fund.rcptNo, { generator: model(), documents });
    expect(delivered.summary.modelId).toBe("fake-model");
    expect(delivered.summary.summaryEn).toContain(`${en} (translated from "DS부문 협력사 인센티브 기금 출연")`);
    const view = (await getFilingView(db(), fund.rcptNo))!;
    const response = disclosureFactsResponse.parse(toDisclosureFactsResponse(view, delivered));
    expect(response.facts.find((f) => f.role === "material.subject")).toMatchObject({
      translatedBy: "model",
      text: `${en} (translated from "DS부문 협력사 인센티브 기금 출연")`,
      source: { value: expect.stringContaining("DS부문 협력사 인센티브 기금 출연") },
    });
  });

  it("clamps a score moved more than 2 from the classifier's", async () => {
    openai.enqueue(answer({ ...GOOD, importanceScore: 9 }));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(row.importanceScore).toBe(6);
    expect(await generations()).toMatchObject([
      { outcome: "ok", detail: "importanceScore 9 clamped to 6 (classifier 4)" },
    ]);
  });

  it("retries a 429 after the wait it asks for, then succeeds", async () => {
    openai.enqueue({ kind: "status", code: 429, retryAfterMs: 30 }, answer(GOOD));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(row.modelId).toBe("fake-model");
    expect(openai.requests).toHaveLength(2);
    expect((await generations()).map((g) => g.outcome)).toEqual(["ok"]);
  });

  it("retries a dropped connection", async () => {
    openai.enqueue({ kind: "drop" }, answer(GOOD));
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(row.modelId).toBe("fake-model");
    expect(openai.requests).toHaveLength(2);
  });

  it("gives up on persistent 500s after the bounded retries and falls back", async () => {
    openai.setDefault({ kind: "status", code: 500 });
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, {
      generator: model({ maxRetries: 2 }),
      documents: earningsBody(),
    });
    expect(row.modelId).toBe(OFFLINE_GENERATOR_ID);
    expect(openai.requests).toHaveLength(3);
    expect(await generations()).toMatchObject([
      { outcome: "error", detail: expect.stringContaining("HTTP 500") },
      { outcome: "fallback" },
    ]);
  });

  it("times out a slow answer, retries it, then falls back", async () => {
    openai.setDefault({ kind: "slow", delayMs: 3_000, reply: answer(GOOD) });
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, {
      generator: model({ timeoutMs: 200, maxRetries: 1 }),
      documents: earningsBody(),
    });
    expect(row.modelId).toBe(OFFLINE_GENERATOR_ID);
    expect(openai.requests).toHaveLength(2);
    const [error] = await generations();
    expect(error).toMatchObject({ outcome: "error", detail: expect.stringMatching(/timed out/i) });
    expect(error.latencyMs).toBeGreaterThanOrEqual(400);
  });

  it("without a fallback, answers unavailable with a retry-after, stores nothing, and holds off other callers", async () => {
    openai.setDefault({ kind: "status", code: 503 });
    const options = {
      generator: model({ maxRetries: 0 }),
      fallback: null,
      documents: earningsBody(),
      retryAfterSeconds: 7,
    };

    const failure = await getOrCreateSummary(db(), EARNINGS.rcptNo, options).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SummaryUnavailableError);
    expect((failure as SummaryUnavailableError).retryAfterSeconds).toBe(7);
    expect(await db().select().from(summaries)).toEqual([]);
    expect(await db().select({ holder: summaryLeases.holder }).from(summaryLeases)).toEqual([
      { holder: "unavailable" },
    ]);

    // Until the cool-down ends, callers get the 503 at once rather than each retrying the generator.
    await expect(getOrCreateSummary(db(), EARNINGS.rcptNo, options)).rejects.toMatchObject({
      name: "SummaryUnavailableError",
      retryAfterSeconds: expect.any(Number),
    });
    expect(openai.requests).toHaveLength(1);
  });

  it("passes on a long Retry-After as the 503's retryAfter instead of waiting", async () => {
    openai.enqueue({ kind: "status", code: 429, retryAfterSeconds: 120 });
    await expect(
      getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), fallback: null, documents: earningsBody() }),
    ).rejects.toMatchObject({ name: "SummaryUnavailableError", retryAfterSeconds: 120 });
    expect(openai.requests).toHaveLength(1);
  });

  it("never records the API key, even when the provider echoes it", async () => {
    openai.setDefault({ kind: "status", code: 401, message: `Incorrect API key provided: ${API_KEY}` });
    await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    const [error] = await generations();
    expect(error.outcome).toBe("error");
    expect(error.detail).toContain("HTTP 401");
    expect(JSON.stringify(await generations())).not.toContain(API_KEY);
    expect(JSON.stringify(getGeneratorState())).not.toContain(API_KEY);
  });

  it("refuses a filing with nothing to ground a summary in, stores nothing, and leaves no lease", async () => {
    const generator = model();
    // A source that does not fetch from DART: the offline snapshot's case.
    await expect(
      getOrCreateSummary(db(), EARNINGS.rcptNo, { generator, documents: documentsFrom({}) }),
    ).rejects.toMatchObject({
      name: "SummaryNotAvailableError",
      reason: "not_in_snapshot",
    });
    expect(openai.requests).toHaveLength(0);
    expect(await db().select().from(summaries)).toEqual([]);
    expect(await db().select().from(summaryLeases)).toEqual([]);
  });

  it("refuses a body that states none of its type's key facts (no_facts): no model call, nothing stored", async () => {
    // The exchange's notice on STX states its news in prose only: no labelled figure, party or date.
    const notice = realFiling("20260820800237");
    await insertFilings(db(), [notice]);
    await expect(
      getOrCreateSummary(db(), notice.rcptNo, {
        generator: model(),
        documents: documentsFrom({ [notice.rcptNo]: realBody(notice.rcptNo) }),
      }),
    ).rejects.toMatchObject({ name: "SummaryNotAvailableError", reason: "no_facts" });
    expect(openai.requests).toHaveLength(0);
    expect(await db().select().from(summaries)).toEqual([]);
    expect(await db().select().from(summaryLeases)).toEqual([]);
  });

  it("throws FilingNotFoundError for a receipt number never ingested", async () => {
    await expect(getOrCreateSummary(db(), "20991231000001", { documents: documentsFrom({}) })).rejects.toBeInstanceOf(
      FilingNotFoundError,
    );
  });

  it("fetches a body from DART once, stores it, and reads it from the database afterwards", async () => {
    // The real half-year report the fake DART server serves (Samsung Electronics, 2022).
    const halfYear = {
      rcptNo: "20220816001711",
      rceptDt: "20220816",
      corpName: "삼성전자",
      ticker: "005930",
      reportNm: "반기보고서 (2022.06)",
    };
    await insertFilings(db(), [halfYear]);
    const client = createDartClient({ baseUrl: dart.baseUrl, apiKey: dart.apiKey, maxRetries: 0 });
    const documents = storedOrFetchedDocuments(db(), () => client);
    const fetchesBefore = dart.requestsTo("document.xml").length;

    const row = await getOrCreateSummary(db(), halfYear.rcptNo, { documents });
    expect(row.basis).toBe("body");
    const [stored] = await db().select().from(filingDocuments).where(eq(filingDocuments.rcptNo, halfYear.rcptNo));
    expect(stored.status).toBe("ok");
    expect(stored.text).toContain("삼성전자");

    expect(await documents.getText(halfYear.rcptNo)).toBe(stored.text);
    expect(dart.requestsTo("document.xml").length - fetchesBefore).toBe(1);
  });

  it("answers unavailable when DART fails, and stores DART's no-file answer as not available", async () => {
    const client = createDartClient({ baseUrl: dart.baseUrl, apiKey: dart.apiKey, maxRetries: 0 });
    const documents = storedOrFetchedDocuments(db(), () => client);

    dart.inject({ endpoint: "document.xml", kind: "http", code: 503 });
    await expect(getOrCreateSummary(db(), EARNINGS.rcptNo, { documents, leaseMs: 1_000 })).rejects.toMatchObject({
      name: "SummaryUnavailableError",
      retryAfterSeconds: 60,
    });
    expect(await db().select().from(filingDocuments)).toEqual([]);

    await db().delete(summaryLeases); // the cool-down, skipped
    // The fake has no file for it (status 014): nothing to ground a summary in, for good.
    await expect(getOrCreateSummary(db(), EARNINGS.rcptNo, { documents })).rejects.toMatchObject({
      name: "SummaryNotAvailableError",
      reason: "no_document",
    });
    expect(await db().select({ status: filingDocuments.status }).from(filingDocuments)).toEqual([
      { status: "no_file" },
    ]);
    expect(await db().select().from(summaries)).toEqual([]);
  });

  it("records a fallback as such, and replaces it with the model's summary once the model answers again", async () => {
    // The outage: the model fails, the offline generator writes the summary, marked as a fallback.
    openai.setDefault({ kind: "status", code: 503 });
    const options = { generator: model({ maxRetries: 0 }), documents: earningsBody(), retryAfterSeconds: 1 };
    const during = await getOrCreateSummary(db(), EARNINGS.rcptNo, options);
    expect(during).toMatchObject({ modelId: OFFLINE_GENERATOR_ID, fallback: true, basis: "body" });

    // Still down: a cache hit serves the fallback and tries the model once in the background,
    // under the lease; the failure leaves the cool-down, so the next hits do not retry at once.
    const hits = await Promise.all([0, 1, 2].map(() => getOrCreateSummary(db(), EARNINGS.rcptNo, options)));
    expect(hits.every((h) => h.summaryEn === during.summaryEn)).toBe(true);
    await settleFallbackUpgrades();
    expect(openai.requests).toHaveLength(2);
    await getOrCreateSummary(db(), EARNINGS.rcptNo, options);
    await settleFallbackUpgrades();
    expect(openai.requests).toHaveLength(2);
    expect((await getOrCreateSummary(db(), EARNINGS.rcptNo, options)).fallback).toBe(true);

    // The model is back: the next hit (after the cool-down) replaces the fallback, once.
    openai.setDefault(answer(GOOD));
    await db().delete(summaryLeases); // the cool-down, skipped
    const served = await Promise.all([0, 1].map(() => getOrCreateSummary(db(), EARNINGS.rcptNo, options)));
    expect(served.every((h) => h.fallback)).toBe(true); // served at once, not after the model
    await settleFallbackUpgrades();
    expect(openai.requests).toHaveLength(3);
    const [stored] = await db().select().from(summaries).where(eq(summaries.rcptNo, EARNINGS.rcptNo));
    expect(stored).toMatchObject({ modelId: "fake-model", fallback: false, summaryEn: GOOD_TEXT, basis: "body" });
    expect(await db().select().from(summaryLeases)).toEqual([]);

    // A model's summary is final: hits no longer call the model.
    await getOrCreateSummary(db(), EARNINGS.rcptNo, options);
    await settleFallbackUpgrades();
    expect(openai.requests).toHaveLength(3);
  });

  it("regenerates on demand, but never replaces a model's summary with a fallback", async () => {
    openai.enqueue(answer(GOOD));
    const first = await getOrCreateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(first).toMatchObject({ modelId: "fake-model", fallback: false });

    openai.setDefault({ kind: "status", code: 500 });
    const kept = await regenerateSummary(db(), EARNINGS.rcptNo, {
      generator: model({ maxRetries: 0 }),
      documents: earningsBody(),
    });
    expect(kept).toMatchObject({ modelId: "fake-model", summaryEn: GOOD_TEXT });
    expect((await generations()).map((g) => g.outcome)).toEqual(["ok", "error", "fallback"]);

    // A plan that also states the year to date.
    const cumulative = {
      frame: "preliminary_results.5a",
      slots: [
        { slot: "revenue.cumulative", fact: "f9" },
        { slot: "operating_profit.cumulative", fact: "f17" },
      ],
    };
    openai.enqueue(answer({ ...GOOD, frames: [LEAD, cumulative] }));
    const replaced = await regenerateSummary(db(), EARNINGS.rcptNo, { generator: model(), documents: earningsBody() });
    expect(replaced).toMatchObject({
      modelId: "fake-model",
      summaryEn: `${GOOD_TEXT} Year to date, revenue was KRW 305.37 trillion and operating profit KRW 146.73 trillion.`,
    });
    expect(replaced.generatedAt.getTime()).toBeGreaterThan(first.generatedAt.getTime());
  });

  it("aborts a slow model at the deadline and still answers with the fallback within it", async () => {
    openai.setDefault({ kind: "slow", delayMs: 10_000, reply: answer(GOOD) });
    const row = await getOrCreateSummary(db(), EARNINGS.rcptNo, {
      generator: model({ timeoutMs: 20_000, maxRetries: 2 }),
      documents: earningsBody(),
      deadline: new Date(Date.now() + 1_500),
    });
    expect(row).toMatchObject({ modelId: OFFLINE_GENERATOR_ID, fallback: true });
    // One request, aborted at the deadline: no retries after it.
    expect(openai.requests).toHaveLength(1);
    expect(await generations()).toMatchObject([
      { outcome: "error", detail: expect.stringMatching(/deadline|abort/i) },
      { outcome: "fallback" },
    ]);
  });

  it("without a fallback, fails everyone at the deadline: waiters wait for the holder, not less", async () => {
    openai.setDefault({ kind: "slow", delayMs: 10_000, reply: answer(GOOD) });
    const settled: string[] = [];
    const run = (name: string, deadline: Date) =>
      getOrCreateSummary(db(), EARNINGS.rcptNo, {
        generator: model({ timeoutMs: 20_000 }),
        fallback: null,
        documents: earningsBody(),
        deadline,
      }).then(
        () => settled.push(`${name}: ok`),
        (err: unknown) => settled.push(`${name}: ${(err as Error).name}`),
      );
    const holderDeadline = new Date(Date.now() + 800);
    const holder = run("holder", holderDeadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Waiters whose own deadlines are later (they came later): they wait as long as the holder may run.
    const waiters = [run("waiter 1", summaryDeadline()), run("waiter 2", summaryDeadline())];
    await Promise.all([holder, ...waiters]);
    expect(settled[0]).toBe("holder: SummaryUnavailableError");
    expect(settled.slice(1).sort()).toEqual(["waiter 1: SummaryUnavailableError", "waiter 2: SummaryUnavailableError"]);
    expect(openai.requests).toHaveLength(1);
    expect(await db().select().from(summaries)).toEqual([]);
  });

  it("reports the configured generator and its outcomes without secrets", () => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    process.env.OPENAI_API_KEY = API_KEY;
    process.env.OPENAI_BASE_URL = openai.baseUrl;
    resetEnv();
    try {
      const state = getGeneratorState();
      expect(state.generator).toEqual({ kind: "openai", modelId: "gpt-4o-mini" });
      expect(state.fallbackModelId).toBe(OFFLINE_GENERATOR_ID);
      expect(state.promptVersion).toBe(PROMPT_VERSION);
      expect(Object.keys(state.counts).sort()).toEqual(["error", "fallback", "invalid", "ok", "unavailable"]);
      expect(JSON.stringify(state)).not.toContain(API_KEY);
      expect(JSON.stringify(state)).not.toContain(new URL(openai.baseUrl).host); // /api/health is public
    } finally {
      for (const [name, value] of [
        ["OPENAI_API_KEY", saved.key],
        ["OPENAI_BASE_URL", saved.url],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnv();
    }
    expect(getGeneratorState().generator).toEqual({ kind: "offline", modelId: OFFLINE_GENERATOR_ID });
  });
});
