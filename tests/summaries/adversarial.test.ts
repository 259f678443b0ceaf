/**
 * The gate against wrong summaries, on model answers served by a local OpenAI-compatible
 * server (tests/support/fake-openai-server.ts) through the real `openai` SDK and the
 * generator the service uses: every honest answer of tests/summaries/answers.ts (40 real
 * bodies) must be accepted at a rate of at least 95%, and none of the adversarial ones —
 * every kind of wrong summary the issue found accepted, several of each, on several bodies,
 * and forged new facts — may be. Each rejection must name what is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiGenerator, validateSummary, type SummaryGenerator } from "@/lib/summaries";
import { answer, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { ADVERSARIAL, answerOf, HONEST, type ScriptedAnswer } from "./answers";

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

/** The scripted answer, as the model serves it through the SDK, through the gate. */
async function judged(scripted: ScriptedAnswer) {
  const { sheet, body } = answerOf(scripted);
  openai.enqueue(answer(body));
  const generated = await model.generate(scripted.input, sheet);
  // The model saw this filing's sheet, keyed by its receipt number.
  expect(openai.requests.at(-1)?.body.messages[1].content).toContain(`Receipt number: ${scripted.input.rcptNo}`);
  return validateSummary(scripted.input, sheet, generated);
}

describe("honest model answers for 40 real bodies", () => {
  it("cover at least 30 real bodies", () => {
    expect(new Set(HONEST.map((a) => a.input.rcptNo)).size).toBeGreaterThanOrEqual(30);
  });

  it("are accepted at a rate of at least 95%, rendered with every figure from the sheet", async () => {
    const rejected: string[] = [];
    for (const scripted of HONEST) {
      const result = await judged(scripted);
      if (!result.ok) rejected.push(`${scripted.name}: ${result.reason}`);
      else {
        expect(result.summaryEn).not.toMatch(/\{[^}]*\}/);
        const texts = result.sheet.facts.map((f) => f.text);
        for (const [figure] of result.summaryEn.matchAll(
          /(?:KRW|USD) -?\d(?:[\d,.]*\d)?(?: (?:trillion|billion|million))?/g,
        ))
          expect(
            texts.some((text) => text.includes(figure)),
            `${scripted.name}: ${figure}`,
          ).toBe(true);
      }
    }
    expect(rejected, rejected.join("\n")).toEqual([]);
    expect((HONEST.length - rejected.length) / HONEST.length).toBeGreaterThanOrEqual(0.95);
  });

  it("state only facts with a role: the sheet an accepted answer leaves has no fact without one", async () => {
    for (const scripted of HONEST) {
      const result = await judged(scripted);
      if (result.ok)
        expect(result.sheet.facts.every((f) => typeof f.role === "string" && f.role.length > 0)).toBe(true);
    }
  });
});

describe("adversarial model answers", () => {
  const kinds: [string, RegExp][] = [
    ["equity as the investment", /equity as the investment/],
    ["shares held as bought", /held as (bought|acquired)/],
    ["% of equity as % of revenue", /equity ratio as revenue ratio/],
    ["revenue and operating loss swapped", /swapped/],
    ["revenue rose its own amount", /revenue (rose|up)|growth rate/],
    ["percentage points vs percent", /percent|percentage/],
    ["the wrong series", /series/],
    ["a board date as the record date or the start", /board date/],
    ["the wrong bank, lead manager or partner", /bank|lead manager|partner/],
    ["an invented buyer", /buyer/],
    ["private called public", /private called public/],
    ["common called preferred", /common called preferred/],
    ["increase called decrease", /increase called|comparison reversed/],
    ["a widening loss called narrowing", /loss called|narrow/],
    ["a summary stating no facts", /no facts/],
    ["a qualifier dropped", /revenue as the/],
  ];

  it.each(kinds)("cover %s with several answers on several bodies", (_, pattern) => {
    const cases = ADVERSARIAL.filter((a) => pattern.test(a.name));
    expect(cases.length).toBeGreaterThanOrEqual(2);
    expect(new Set(cases.map((a) => a.input.rcptNo)).size).toBeGreaterThanOrEqual(2);
  });

  it.each(ADVERSARIAL.map((a) => [a.name, a] as const))("rejects %s", async (_, scripted) => {
    const result = await judged(scripted);
    expect(result).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it("never sells a summary that states no fact as the model's: it is rejected for leaving out the key facts", async () => {
    const result = await judged(ADVERSARIAL.find((a) => a.name === "no facts (supply contract)")!);
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("leaves out key facts") });
  });
});
