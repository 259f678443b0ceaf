/**
 * The grounding gate against wrong summaries. Every adversarial answer below is rejected:
 * the cases the issue found accepted (revenue and operating profit swapped, amounts in words,
 * a phone number scaled into "KRW 2,255 trillion", a street-address number read as an amount,
 * figures off by the rounding step, a wrong bank, a convertible-bond answer with coupon and
 * yield swapped, "public" for private, a wrong maturity, conversion and floor prices swapped,
 * an invented buyer) and more of the same kinds. Every good summary of every real body is
 * accepted, for both generators: the offline one, and hand-written model answers sent through
 * the real `openai` SDK from a local OpenAI-compatible server (tests/support/fake-openai-server.ts).
 *
 * The convertible-bond cases use the CONSTRUCTED body of tests/fixtures/documents/constructed.ts
 * (the real values of OpenDART's cvbdIsDecsn.json answer for receipt 20260910000549 laid out
 * in the form) and, separately, that real DS005 record itself as `structured` input.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  composeOfflineAnswer,
  createOpenAiGenerator,
  validateSummary,
  type Fact,
  type SummaryInput,
} from "@/lib/summaries";
import { bodyLines } from "@/lib/summaries/facts";
import { bindSentence } from "@/lib/summaries/offline/bind";
import * as constructed from "../fixtures/documents/constructed";
import { answer, startFakeOpenAiServer, type FakeOpenAiServer } from "../support/fake-openai-server";
import { REAL_RCPT_NOS, realInput } from "./rubric";
import { summaryInputOf } from "./support";

const EARNINGS = realInput("20260730800123");
const GUARANTEE = realInput("20260729900778");
const COMPLETION = realInput("20260820000380");
const EXECUTIVE = realInput("20260821000493");
const IR = realInput("20260814903169");

const REVENUE_LINE = "매출액: 당해실적 | 171.50 | 133.87 | 28.11 | - | 74.57 | 130.00 | -";
const OPERATING_LINE = "영업이익: 당해실적 | 89.49 | 57.23 | 56.37 | - | 4.68 | 1,813.83 | -";
const revenue: Fact = { label: "revenue", value: "171500000000000", unit: "KRW", source: REVENUE_LINE };
const operating: Fact = { label: "operating profit", value: "89490000000000", unit: "KRW", source: OPERATING_LINE };
const pad = (text: string) =>
  `${text} The figures are preliminary, unaudited consolidated estimates under K-IFRS and may differ from the final results.`;

const CB = summaryInputOf({
  reportNm: "주요사항보고서(전환사채권발행결정)",
  reportNmEn: "Report on Major Issues (Decision on Convertible Bond Issuance)",
  eventType: "CONVERTIBLE_BOND_ISSUANCE",
  eventLabelEn: "Convertible Bond Issuance",
  body: constructed.CONVERTIBLE_BOND_DECISION,
});
const cbLine = (start: string) => constructed.CONVERTIBLE_BOND_DECISION.split("\n").find((l) => l.startsWith(start))!;
const CB_FACTS: Fact[] = [
  { label: "face value", value: "18000000000", unit: "KRW", source: cbLine("2. 사채의 권면") },
  { label: "coupon", value: "2.0", unit: "percent", source: cbLine("4. 사채의 이율") },
  { label: "yield to maturity", value: "6.5", unit: "percent", source: cbLine("만기이자율") },
  { label: "maturity", value: "2029-09-18", unit: "date", source: cbLine("5. 사채만기일") },
  { label: "conversion price", value: "1719", unit: "KRW", source: cbLine("전환가액 (원") },
  { label: "conversion price floor", value: "1203", unit: "KRW", source: cbLine("시가하락에 따른 전환가액 조정") },
];
const CB_GOOD =
  "Test Electronics decided to issue KRW 18 billion of privately placed convertible bonds carrying a 2.0% coupon and a 6.5% yield to maturity, maturing on September 18, 2029. The bonds convert at KRW 1,719 per share, and a share-price fall can reset the conversion price to no lower than KRW 1,203.";

interface Case {
  name: string;
  /** What the rejection must name. */
  because: RegExp;
  input: SummaryInput;
  summaryEn: string;
  facts: Fact[];
}

const CASES: Case[] = [
  // --- the cases ---
  {
    name: "revenue and operating profit swapped in the text",
    because: /not the revenue/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 89.49 trillion and operating profit KRW 171.5 trillion.",
    ),
    facts: [revenue, operating],
  },
  {
    name: "revenue and operating profit swapped in the facts' labels",
    because: /does not match the line's label/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 89.49 trillion and operating profit KRW 171.5 trillion.",
    ),
    facts: [
      { ...operating, label: "revenue" },
      { ...revenue, label: "operating profit" },
    ],
  },
  {
    name: "an amount written in words that no fact states",
    because: /200000000000000/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 171.5 trillion, or about two hundred trillion won.",
    ),
    facts: [revenue],
  },
  {
    name: "a phone number scaled by the table's unit into KRW 2,255 trillion",
    because: /not stated on its source line/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 171.5 trillion and cumulative investment KRW 2,255 trillion.",
    ),
    facts: [revenue, { label: "investment", value: "2255000000000000", unit: "KRW", source: "전화번호: 02-2255-9000" }],
  },
  {
    name: "a street-address number read as KRW 31 million",
    because: /not stated on its source line/,
    input: COMPLETION,
    summaryEn:
      "Atlaslink completed its KRW 17.4 billion purchase of land and buildings in Jongno-gu, Seoul, and paid KRW 31 million in registration costs. The final payment was made on August 20, 2026, when the acquisition was registered.",
    facts: [
      { label: "transaction amount", value: "17400000000", unit: "KRW", source: "양수도 금액: 17,400,000,000원" },
      {
        label: "registration costs",
        value: "31000000",
        unit: "KRW",
        source: "본 점 소 재 지: 경기도 성남시 분당구 황새울로258번길 31, 11층",
      },
      {
        label: "completion date",
        value: "2026-08-20",
        unit: "date",
        source: "자산양수도 종료일: 2026년 8월 20일 | 등기접수",
      },
    ],
  },
  {
    name: "revenue rounded down by half a trillion (171 for 171.50)",
    because: /171 trillion/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 171 trillion and operating profit KRW 89.49 trillion.",
    ),
    facts: [revenue, operating],
  },
  {
    name: "revenue rounded up by half a trillion (172 for 171.50)",
    because: /172 trillion/,
    input: EARNINGS,
    summaryEn: pad(
      "Samsung Electronics corrected its preliminary second-quarter results: revenue was KRW 172 trillion and operating profit KRW 89.49 trillion.",
    ),
    facts: [revenue, operating],
  },
  {
    name: "a count rounded to the thousand (5,000 shares for 5,172)",
    because: /5,000/,
    input: EXECUTIVE,
    summaryEn:
      "Ma Min-ji, a non-registered executive of Celltrion, sold 793 common shares on the market, leaving her with 5,000 shares. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    facts: bound(
      EXECUTIVE,
      "Ma Min-ji sold 793 shares. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    ),
  },
  {
    name: "a wrong bank",
    because: /KB Kookmin Bank/,
    input: GUARANTEE,
    summaryEn:
      'Atlaslink decided to guarantee KRW 3.725 billion of borrowing by its subsidiary Hangukpail ("주식회사 한국파일") from KB Kookmin Bank, equal to 6.8% of its equity. The underlying borrowing is KRW 8.6 billion.',
    facts: bound(
      GUARANTEE,
      'Atlaslink decided to guarantee KRW 3.725 billion of borrowing by Hangukpail ("주식회사 한국파일"), equal to 6.8% of its equity. The underlying borrowing is KRW 8.6 billion.',
    ),
  },
  {
    name: "convertible bonds: coupon and yield swapped",
    because: /not the bonds coupon/,
    input: CB,
    summaryEn: CB_GOOD.replace("a 2.0% coupon and a 6.5% yield", "a 6.5% coupon and a 2.0% yield"),
    facts: CB_FACTS,
  },
  {
    name: "convertible bonds: public instead of private placement",
    because: /public offering/,
    input: CB,
    summaryEn: CB_GOOD.replace("privately placed", "publicly offered"),
    facts: CB_FACTS,
  },
  {
    name: "convertible bonds: a wrong maturity",
    because: /September 18, 2028/,
    input: CB,
    summaryEn: CB_GOOD.replace("September 18, 2029", "September 18, 2028"),
    facts: CB_FACTS,
  },
  {
    name: "convertible bonds: conversion and floor prices swapped",
    because: /not the conversion price/,
    input: CB,
    summaryEn: CB_GOOD.replace("convert at KRW 1,719", "convert at KRW 1,203").replace(
      "no lower than KRW 1,203",
      "no lower than KRW 1,719",
    ),
    facts: CB_FACTS,
  },
  {
    name: "convertible bonds: floor fact labelled as the conversion price",
    because: /does not match the line's label/,
    input: CB,
    summaryEn: CB_GOOD,
    facts: CB_FACTS.map((f) => (f.label === "conversion price floor" ? { ...f, label: "conversion price" } : f)),
  },
  {
    name: "convertible bonds: an invented buyer",
    because: /Mirae Asset Securities/,
    input: CB,
    summaryEn: `${CB_GOOD} The bonds are being bought by Mirae Asset Securities.`,
    facts: CB_FACTS,
  },
  // --- more of the same kinds ---
  {
    name: "a figure the text states but the facts leave out",
    because: /8\.637 billion/,
    input: GUARANTEE,
    summaryEn:
      'Atlaslink decided to guarantee KRW 3.725 billion of borrowing by its subsidiary Hangukpail ("주식회사 한국파일") from Shinhan Bank. The underlying borrowing is KRW 8.6 billion, and its guarantees outstanding total KRW 8.637 billion.',
    facts: bound(
      GUARANTEE,
      'Atlaslink decided to guarantee KRW 3.725 billion of borrowing by Hangukpail ("주식회사 한국파일"). The underlying borrowing is KRW 8.6 billion.',
    ),
  },
  {
    name: "a source line that is not in the body",
    because: /not a line of the filing/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 3.9 billion of borrowing by its subsidiary from Shinhan Bank, to support the subsidiary's refinancing of an existing loan; the guarantee period will be confirmed after the lenders approve it.",
    facts: [{ label: "guarantee amount", value: "3900000000", unit: "KRW", source: "채무보증금액(원): 3,900,000,000" }],
  },
  {
    name: "a value its source line does not state",
    because: /not stated on its source line/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 3.9 billion of borrowing by its subsidiary from Shinhan Bank, to support the subsidiary's refinancing of an existing loan; the guarantee period will be confirmed after the lenders approve it.",
    facts: [
      {
        label: "guarantee amount",
        value: "3900000000",
        unit: "KRW",
        source: "4. 채무보증내역: 채무보증금액(원) | 3,725,385,833",
      },
    ],
  },
  {
    name: "a guarantee amount cited from the equity line",
    because: /does not match the line's label \(equity\)/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 54.72 billion of borrowing by its subsidiary from Shinhan Bank, to support the subsidiary's refinancing of an existing loan; the guarantee period will be confirmed after the lenders approve it.",
    facts: [{ label: "guarantee amount", value: "54720091790", unit: "KRW", source: "자기자본(원): 54,720,091,790" }],
  },
  {
    name: "a rounding beyond half a percent (KRW 3.7 billion for 3,725,385,833)",
    because: /3\.7 billion/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 3.7 billion of borrowing by its subsidiary from Shinhan Bank, to support the subsidiary's refinancing of an existing loan; the guarantee period will be confirmed after the lenders approve it.",
    facts: bound(GUARANTEE, "Atlaslink decided to guarantee KRW 3.725 billion."),
  },
  {
    name: "a share count in words that no fact states",
    because: /3000000/,
    input: EXECUTIVE,
    summaryEn:
      "Ma Min-ji, a non-registered executive of Celltrion, sold three million common shares on the market. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    facts: bound(
      EXECUTIVE,
      "She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    ),
  },
  {
    name: "a date one day off",
    because: /August 22, 2026/,
    input: EXECUTIVE,
    summaryEn:
      "Ma Min-ji, a non-registered executive of Celltrion, sold 793 common shares on the market. She sold 293 shares on August 22, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000, leaving 5,172 shares.",
    facts: bound(
      EXECUTIVE,
      "Ma Min-ji sold 793 shares. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000, leaving 5,172 shares.",
    ),
  },
  {
    name: "a percentage where the fact is a share count",
    because: /793/,
    input: EXECUTIVE,
    summaryEn:
      "Ma Min-ji, a non-registered executive of Celltrion, sold 793 common shares on the market, or 793% of her holding. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    facts: bound(
      EXECUTIVE,
      "Ma Min-ji sold 793 shares. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    ),
  },
  {
    name: "preferred shares where the filing has only common shares",
    because: /preferred shares/,
    input: EXECUTIVE,
    summaryEn:
      "Ma Min-ji, a non-registered executive of Celltrion, sold 793 of her preferred shares on the market. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    facts: bound(
      EXECUTIVE,
      "Ma Min-ji sold 793 shares. She sold 293 shares on August 21, 2026 at KRW 194,000 and 500 shares on August 24, 2026 at KRW 201,000.",
    ),
  },
  {
    name: "an increase the filing does not state",
    because: /an increase/,
    input: IR,
    summaryEn:
      "NICE Information & Telecommunication will hold one-on-one meetings with domestic institutional investors from August 20, 2026 to August 21, 2026, to discuss an increase in its second-quarter 2026 results and its strategy, hosted by LS Securities.",
    facts: bound(IR, "from August 20, 2026 to August 21, 2026"),
  },
  {
    name: "a host the filing does not name",
    because: /Samsung Securities/,
    input: IR,
    summaryEn:
      "NICE Information & Telecommunication will hold one-on-one meetings with domestic institutional investors from August 20, 2026 to August 21, 2026 to present its second-quarter 2026 results; the meetings are hosted by Samsung Securities.",
    facts: bound(IR, "from August 20, 2026 to August 21, 2026"),
  },
  {
    name: "Korean left untranslated outside a quoted name",
    because: /outside a quoted name/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 3.725 billion of borrowing by its subsidiary 한국파일 from Shinhan Bank. The underlying borrowing is KRW 8.6 billion, as part of refinancing an existing loan of the subsidiary.",
    facts: bound(
      GUARANTEE,
      "Atlaslink decided to guarantee KRW 3.725 billion. The underlying borrowing is KRW 8.6 billion.",
    ),
  },
  {
    name: "no facts at all with a body",
    because: /facts are missing|not among the summary's facts/,
    input: GUARANTEE,
    summaryEn:
      "Atlaslink decided to guarantee KRW 3.725 billion of borrowing by its subsidiary from Shinhan Bank. The underlying borrowing is KRW 8.6 billion, as part of refinancing an existing loan of the subsidiary.",
    facts: [],
  },
];

/** The facts of `text`, bound to their body lines the way a model is asked to list them. */
function bound(input: SummaryInput, text: string): Fact[] {
  const lines = bodyLines(`${input.body}\n접수일자: ${input.rceptDt}`);
  const years = new Set([...(input.body ?? "").matchAll(/(?<!\d)(20\d{2})(?!\d)/g)].map((m) => Number(m[1])));
  const facts: Fact[] = [];
  for (const sentence of text.split(/(?<=\.)\s+(?=[A-Z])/)) {
    const sentenceFacts = bindSentence(sentence, lines, years);
    if (!sentenceFacts) throw new Error(`test data: "${sentence}" does not bind to the body`);
    facts.push(...sentenceFacts);
  }
  return facts;
}

describe("adversarial answers are rejected", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const result = validateSummary(c.input, {
      summaryEn: c.summaryEn,
      importanceScore: c.input.classifierScore,
      facts: c.facts,
    });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(c.because) });
  });

  it("accepts the convertible-bond answer the wrong ones were made from", () => {
    expect(
      validateSummary(CB, { summaryEn: CB_GOOD, importanceScore: CB.classifierScore, facts: CB_FACTS }),
    ).toMatchObject({ ok: true });
  });

  it("accepts an answer built on the real DS005 record alone, and rejects it with the coupon swapped", () => {
    const record = JSON.parse(
      readFileSync(new URL("../fixtures/dart/cvbdIsDecsn_20260910000549.json", import.meta.url), "utf8"),
    ) as { list: Record<string, string>[] };
    const input = { ...CB, body: null, structured: { api: "cvbdIsDecsn", fields: record.list[0] } };
    const offline = composeOfflineAnswer(input);
    expect(offline.summaryEn).toContain("KRW 1,719");
    expect(validateSummary(input, { ...offline, importanceScore: CB.classifierScore })).toMatchObject({ ok: true });
    const swapped = offline.summaryEn.replace("a 2% coupon and a 6.5% yield", "a 6.5% coupon and a 2% yield");
    expect(swapped).not.toBe(offline.summaryEn);
    expect(
      validateSummary(input, { ...offline, summaryEn: swapped, importanceScore: CB.classifierScore }),
    ).toMatchObject({ ok: false });
  });
});

/** Hand-written good model answers, one per real body, in a wording of their own. */
const GOOD_MODEL_TEXT: Readonly<Record<string, string>> = {
  "20220816001711":
    "Samsung Electronics' half-year report for 2022 shows consolidated revenue of KRW 154.99 trillion for the first half, with operating profit of KRW 28.22 trillion and net income of KRW 22.42 trillion. Second-quarter revenue alone was KRW 77.2 trillion.",
  "20260730800123":
    "Samsung Electronics corrected its preliminary second-quarter 2026 results: revenue is now KRW 171.5 trillion, up 130% year on year, and operating profit KRW 89.49 trillion, up 1,813.83%. The first filing had given KRW 171 trillion and KRW 89.4 trillion.",
  "20260729900778":
    "Atlaslink will guarantee KRW 3.73 billion that its subsidiary Hangukpail (\"주식회사 한국파일\") owes Shinhan Bank, 6.8% of Atlaslink's equity. The subsidiary's borrowing is KRW 8.6 billion, and the board approved the guarantee on July 29, 2026.",
  "20260415900781":
    "J Steel Company Holdings cut the conversion price of its series 4 convertible bonds to KRW 1,162 from KRW 1,163 after a fall in its share price, effective April 15, 2026, raising the shares issuable on conversion to 34,423,407.",
  "20260814004224":
    "CADians System, the largest shareholder of J Steel Company Holdings, still holds 6,052,211 shares (6.71%) but reported a change in its share contracts: 4,500,000 shares (4.99%) are pledged for loans at 12% interest, as of August 7, 2026.",
  "20260424000778":
    "Samsung Electronics reported the outcome of the share buyback it announced on March 18, 2026. Over the period, Samsung Life Insurance, its largest shareholder, sold shares on the market, going from 503,904,843 to 497,660,185 common shares.",
  "20260820000380":
    "Atlaslink completed its KRW 17.4 billion purchase of land and buildings in Jongno-gu, Seoul, paying the balance and registering the transfer on August 20, 2026. It had paid KRW 6 billion on July 22, 2026, the day its board approved the deal.",
  "20260821000493":
    "Celltrion executive Ma Min-ji sold 793 common shares on the market, cutting her holding from 5,965 to 5,172 shares: 293 shares at KRW 194,000 on August 21, 2026 and 500 shares at KRW 201,000 on August 24, 2026.",
  "20260424801024":
    "Celltrion won approval from Korea's Ministry of Food and Drug Safety on April 23, 2026 for a change to its Phase III trial plan for CT-P51, a Keytruda biosimilar, in metastatic non-squamous non-small cell lung cancer, with 220 patients.",
  "20260330000792":
    "Helixmith filed a report on a change of outside directors on March 30, 2026, but every field of the form as filed is blank, so it names no director and gives no date or board numbers; investors should look for a corrected filing.",
  "20260814803848":
    "The Korea Exchange added full capital impairment, which STX disclosed on August 14, 2026, as a further ground in its listing-eligibility review of STX, whose delisting was decided on July 29, 2026 and whose shares are suspended from trading.",
  "20260820800237":
    "STX filed an objection on August 20, 2026 against the delisting decided on July 29, 2026. The Korea Exchange will deliberate within 20 business days and decide within 3 days whether to delist STX or grant an improvement period.",
  "20260814903169":
    "NICE Information & Telecommunication will hold one-on-one meetings with major domestic institutional investors from August 20, 2026 to August 21, 2026 in Yeouido, Seoul, to discuss its second-quarter 2026 results and strategy, hosted by LS Securities.",
  "20260821800837":
    "Samsung Electronics will put KRW 78.9 billion into an incentive fund for small partner companies working at its DS division sites, paying safety incentives in September 2026 and February 2027; the board decided it on August 21, 2026.",
};

describe("good summaries of every real body are accepted", () => {
  let openai: FakeOpenAiServer;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await openai.close();
  });

  it("has a hand-written model answer for every real body", () => {
    expect(Object.keys(GOOD_MODEL_TEXT).sort()).toEqual([...REAL_RCPT_NOS].sort());
  });

  it.each(REAL_RCPT_NOS.map((r) => [r]))("offline generator: %s", (rcptNo) => {
    const input = realInput(rcptNo);
    const offline = composeOfflineAnswer(input);
    expect(validateSummary(input, { ...offline, importanceScore: input.classifierScore })).toMatchObject({ ok: true });
  });

  it.each(REAL_RCPT_NOS.map((r) => [r]))("model answer through the openai SDK: %s", async (rcptNo) => {
    const input = realInput(rcptNo);
    const summaryEn = GOOD_MODEL_TEXT[rcptNo];
    openai.enqueue(answer({ summaryEn, importanceScore: input.classifierScore, facts: bound(input, summaryEn) }));
    const generator = createOpenAiGenerator({
      apiKey: "sk-test-0123456789abcdef",
      baseURL: openai.baseUrl,
      model: "fake-model",
      maxRetries: 0,
    });
    const generated = await generator.generate(input);
    expect(generated.facts?.length).toBeGreaterThan(0);
    expect(validateSummary(input, generated)).toMatchObject({ ok: true, summaryEn });
  });
});
