/**
 * The gate against wrong summaries, with plans served by a local OpenAI-compatible server
 * (tests/support/fake-openai-server.ts) through the real `openai` SDK and the generator the
 * service uses (tests/summaries/answers.ts, written by the implementer): honest plans must be
 * accepted at a rate of at least 95%, and none of the adversarial ones — every kind of wrong
 * answer the issue found with free prose, as a plan can still try it, several cases each, on
 * real bodies the rules were not written from — may be. Each rejection names its rule, and a
 * retry is told the rule, never the words that broke it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiGenerator, InvalidAnswerError, validateSummary, type SummaryGenerator } from "@/lib/summaries";
import { answer, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { ADVERSARIAL, ADVERSARIAL_KINDS, answerOf, FIRST_SIGHT_BODIES, HONEST, type ScriptedAnswer } from "./answers";

let openai: FakeOpenAiServer;
let model: SummaryGenerator;
beforeAll(async () => {
  openai = await startFakeOpenAiServer();
  model = createOpenAiGenerator({
    apiKey: "sk-test-adversarial",
    baseURL: openai.baseUrl,
    model: "fake-model",
    maxRetries: 0,
  });
});
afterAll(() => openai.close());

/** The scripted plan, as the model serves it through the SDK, through the gate: accepted text, or the rejection. */
async function judged(
  scripted: ScriptedAnswer,
): Promise<{ ok: true; summaryEn: string } | { ok: false; reason: string }> {
  const { sheet, body } = answerOf(scripted);
  openai.enqueue(answer(body as object));
  try {
    const { frames, terms, newFacts, importanceScore } = await model.generate(scripted.input, sheet);
    expect(openai.requests.at(-1)?.body.messages[1].content).toContain(`Receipt number: ${scripted.input.rcptNo}`);
    const result = validateSummary(scripted.input, sheet, { frames, terms, newFacts, importanceScore });
    return result.ok ? { ok: true, summaryEn: result.summaryEn } : { ok: false, reason: result.reason };
  } catch (error) {
    if (error instanceof InvalidAnswerError) return { ok: false, reason: error.message };
    throw error;
  }
}

describe("honest plans", () => {
  it("number at least 25, on at least 8 bodies of the first-sight batch", () => {
    expect(HONEST.length).toBeGreaterThanOrEqual(25);
    expect(
      new Set(HONEST.map((a) => a.input.rcptNo).filter((r) => FIRST_SIGHT_BODIES.has(r))).size,
    ).toBeGreaterThanOrEqual(8);
    expect(HONEST.some((a) => (a.body as { terms: unknown[] }).terms.length > 0)).toBe(true);
  });

  it("are accepted at a rate of at least 95%, every figure rendered from the sheet, every term beside its Korean", async () => {
    const rejected: string[] = [];
    for (const scripted of HONEST) {
      const result = await judged(scripted);
      if (!result.ok) {
        rejected.push(`${scripted.name}: ${result.reason}`);
        continue;
      }
      expect(result.summaryEn).not.toMatch(/[{}<>]/);
      const { sheet } = answerOf(scripted);
      for (const { en } of (scripted.body as { terms: { en: string }[] }).terms)
        if (result.summaryEn.includes(en))
          expect(result.summaryEn).toMatch(new RegExp(`${en} \\(translated from "[^"]+"\\)`));
      for (const [figure] of result.summaryEn.matchAll(
        /(?:KRW|USD) -?\d(?:[\d,.]*\d)?(?: (?:trillion|billion|million))?/g,
      ))
        expect(
          sheet.facts.some((f) => f.text.includes(figure)),
          `${scripted.name}: ${figure}`,
        ).toBe(true);
    }
    expect((HONEST.length - rejected.length) / HONEST.length, rejected.join("\n")).toBeGreaterThanOrEqual(0.95);
  });
});

describe("adversarial plans", () => {
  it("cover every kind, at least 3 cases each, on at least 8 first-sight bodies", () => {
    for (const kind of ADVERSARIAL_KINDS)
      expect(ADVERSARIAL.filter((a) => a.kind === kind).length, kind).toBeGreaterThanOrEqual(3);
    expect(
      new Set(ADVERSARIAL.map((a) => a.input.rcptNo).filter((r) => FIRST_SIGHT_BODIES.has(r))).size,
    ).toBeGreaterThanOrEqual(8);
  });

  it("are all rejected, each naming the rule it breaks", async () => {
    const accepted: string[] = [];
    for (const scripted of ADVERSARIAL) {
      const result = await judged(scripted);
      if (result.ok) accepted.push(`${scripted.kind} — ${scripted.name}: ${result.summaryEn}`);
      else expect(result.reason, scripted.name).toMatch(/^rule [a-z_]+: /);
    }
    expect(accepted, accepted.join("\n")).toEqual([]);
  });

  it("teach a retry the rule, not the word: one rule, one reason, whatever the words; rephrasings fail too", async () => {
    const terms = ADVERSARIAL.filter((a) => (a.body as { terms?: { en: string }[] }).terms?.length);
    const reasons = new Map<string, Set<string>>();
    for (const scripted of terms) {
      const result = await judged(scripted);
      expect(result.ok, scripted.name).toBe(false);
      if (result.ok) continue;
      const { en } = (scripted.body as { terms: { en: string }[] }).terms[0];
      expect(result.reason, scripted.name).not.toContain(en);
      const rule = `${scripted.input.rcptNo} ${/^rule (\w+)/.exec(result.reason)?.[1]}`;
      reasons.set(rule, (reasons.get(rule) ?? new Set()).add(result.reason));
    }
    // The same rule on the same filing reads the same, so a retry cannot learn which word to swap.
    for (const [rule, said] of reasons) expect([...said], rule).toHaveLength(1);
    const rephrasings = ["order it may win", "order it might win", "order it could secure", "order expected to be won"];
    expect(
      rephrasings.every((en) => terms.some((a) => (a.body as { terms: { en: string }[] }).terms[0].en === en)),
    ).toBe(true);
  });
});
