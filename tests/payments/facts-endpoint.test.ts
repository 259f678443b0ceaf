/**
 * GET /v1/disclosures/facts with real parts only: the route handler in-process, @x402/next and
 * the @x402 facilitator settling on a Hardhat chain, an agent paying with @x402/fetch, and the
 * app's own database with the bundled seed (PGlite, or PostgreSQL with DATABASE_URL).
 *
 * It is sold exactly like the summary (price, challenge, preflight, ledger) and answers the same
 * cached summary with the fact sheet it was rendered from: every figure of summaryEn is one of
 * the facts' texts, and every fact's source cells are in the filing's body verbatim — checked
 * over every real body the seed bundles.
 */
import { decodePaymentResponseHeader } from "@x402/core/http";
import { validateDiscoveryExtension, type DiscoveryExtension } from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import { GET as facts } from "@/app/v1/disclosures/facts/route";
import { GET as summary } from "@/app/v1/disclosures/summary/route";
import { getFilingView } from "@/db/queries";
import { getDb } from "@/lib/database";
import { toDisclosureFactsResponse } from "@/lib/disclosures";
import { SEED_DOCUMENTS } from "@/lib/seed";
import { sampleResponse } from "@/lib/interface";
import { disclosureFactsResponse, disclosureSummaryDto, type DisclosureFactsResponse } from "@/lib/interface/schemas";
import { getOrCreateSummaryWithFacts, SummaryNotAvailableError } from "@/lib/summaries";
import {
  addressOf,
  appFetch,
  challengeFrom,
  ledgerRow,
  measureBalances,
  payingAgent,
  signPayment,
  setUpPaymentTestStack,
} from "../support/payments";

const BASE = "http://localhost:3000";
const RCPT_NO = "20260730800123"; // the catalogue's example filing: a real body bundled in the seed
const CORPUS_RCPT_NO = "20250730800037"; // Hyosung Heavy Industries' new HVDC transformer plant (corpus body)
const TITLE_ONLY_RCPT_NO = "20260716900971"; // a snapshot filing without its body: never sold
const app = appFetch({ "/v1/disclosures/facts": facts, "/v1/disclosures/summary": summary });
const factsUrl = (rcptNo = RCPT_NO) => `${BASE}/v1/disclosures/facts?rcptNo=${rcptNo}`;

const stack = setUpPaymentTestStack();

const payer = (index: number) => stack.chain.payerPrivateKeys[index];
const measure = <T>(payerKey: `0x${string}`, run: () => Promise<T>) => measureBalances(stack, payerKey, run);

/**
 * What a buyer can check, as problems found: the summary states no figure (no digit) that is
 * not one of the facts' texts, and each fact's Korean label and value cells are in the body as
 * they are (whitespace aside).
 */
function uncheckable(answer: DisclosureFactsResponse, body: string): string[] {
  const problems: string[] = [];
  const texts = [...new Set(answer.facts.map((f) => f.text))].sort((a, b) => b.length - a.length);
  let rest = answer.summary.summaryEn;
  for (const text of texts) rest = rest.split(text).join(" ");
  const stray = rest.match(/[^.;:]*\d[^.;:]*/g);
  if (stray) problems.push(`${answer.rcptNo}: figures outside the facts: ${stray.map((s) => s.trim()).join(" | ")}`);
  const flat = body.replace(/\s+/g, " ");
  for (const fact of answer.facts) {
    if (fact.source.section?.startsWith("DART structured record")) continue; // DS005 fields, not body cells
    for (const cell of [fact.source.label, fact.source.value])
      if (!flat.includes(cell.replace(/\s+/g, " ")))
        problems.push(`${answer.rcptNo} ${fact.id}: "${cell}" not in the body`);
  }
  return problems;
}

describe("the challenge", () => {
  it("asks for 0.005 USDC like the summary, with a compact facts example in its discovery metadata", async () => {
    const response = await app(factsUrl());
    expect(response.status).toBe(402);
    const challenge = challengeFrom(response);
    expect(await response.json()).toEqual(challenge);
    expect(challenge).toMatchObject({ x402Version: 2, resource: { url: factsUrl(), mimeType: "application/json" } });
    const summaryChallenge = challengeFrom(await app(`${BASE}/v1/disclosures/summary?rcptNo=${RCPT_NO}`));
    expect(challenge.accepts).toEqual(summaryChallenge.accepts);
    expect(challenge.accepts[0]).toMatchObject({ scheme: "exact", amount: "5000", payTo: stack.chain.payTo });

    const bazaar = challenge.extensions?.bazaar as DiscoveryExtension;
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    const example = disclosureFactsResponse.parse((bazaar.info as { output: { example: unknown } }).output.example);
    expect(example.facts.length).toBeLessThanOrEqual(1);
    // The challenge travels in a header: it stays 2 KB under the 8 KB many proxies allow (header-sizes.test.ts).
    expect(response.headers.get("PAYMENT-REQUIRED")!.length).toBeLessThan(6_144);
  });

  it("is never issued for invalid input, an unknown filing or one that cannot be sold", async () => {
    for (const [url, status, error] of [
      [`${BASE}/v1/disclosures/facts?rcptNo=2026071690097`, 400, "validation_failed"],
      [`${BASE}/v1/disclosures/facts`, 400, "validation_failed"],
      [factsUrl("20991231000001"), 404, "not_found"],
      [factsUrl(TITLE_ONLY_RCPT_NO), 422, "summary_not_available"],
    ] as const) {
      const response = await app(url);
      expect(response.status, url).toBe(status);
      expect(response.headers.get("PAYMENT-REQUIRED")).toBeNull();
      expect((await response.json()).error).toBe(error);
    }
  });

  it("charges nothing for those even with a valid payment attached", async () => {
    const key = payer(1);
    const { header } = await signPayment(stack.chain, key, challengeFrom(await app(factsUrl())));
    for (const [url, status] of [
      [`${BASE}/v1/disclosures/facts?rcptNo=abc`, 400],
      [factsUrl("20991231000001"), 404],
      [factsUrl(TITLE_ONLY_RCPT_NO), 422],
    ] as const) {
      const { result, paid, received } = await measure(key, () =>
        app(url, { headers: { "PAYMENT-SIGNATURE": header } }),
      );
      expect(result.status, url).toBe(status);
      expect([paid, received]).toEqual([0n, 0n]);
    }
  });
});

describe("a paid facts call", () => {
  it("delivers the summary with its fact sheet for exactly 0.005 USDC, settled and in the ledger", async () => {
    const key = payer(0);
    const {
      result: response,
      paid,
      received,
    } = await measure(key, () => payingAgent(app, stack.chain, key)(factsUrl(CORPUS_RCPT_NO)));
    expect(response.status).toBe(200);
    expect([paid, received]).toEqual([5000n, 5000n]);
    const body = disclosureFactsResponse.parse(await response.json()); // strict: exactly the documented fields
    expect(body.rcptNo).toBe(CORPUS_RCPT_NO);
    expect(body.summary.rcptNo).toBe(CORPUS_RCPT_NO);
    expect(response.headers.get("X-Summary-Generator")).toBe(body.generator);
    expect(body.facts.length).toBeGreaterThan(0);
    expect(uncheckable(body, SEED_DOCUMENTS.find((d) => d.rcptNo === CORPUS_RCPT_NO)!.text)).toEqual([]);

    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    expect(response.headers.get("X-PAYMENT-RESPONSE")).toBe(response.headers.get("PAYMENT-RESPONSE"));
    expect(await ledgerRow(settlement.transaction)).toMatchObject({
      payer: addressOf(key),
      amount: 5000n,
      endpoint: "/v1/disclosures/facts",
      params: { rcptNo: CORPUS_RCPT_NO },
      delivered: [CORPUS_RCPT_NO],
    });

    // One generation for both endpoints: the summary bought afterwards is the same cached one.
    const later = await payingAgent(
      app,
      stack.chain,
      payer(2),
    )(`${BASE}/v1/disclosures/summary?rcptNo=${CORPUS_RCPT_NO}`);
    expect(disclosureSummaryDto.parse(await later.json())).toEqual(body.summary);
  });
});

describe("every real body the seed bundles", () => {
  it("is sold with a summary whose every figure is a fact, each fact's Korean cells found verbatim", async () => {
    const db = await getDb();
    let sold = 0;
    const withoutFacts: string[] = [];
    const problems: string[] = [];
    for (const { rcptNo, text } of SEED_DOCUMENTS) {
      const view = await getFilingView(db, rcptNo);
      expect(view, rcptNo).toBeDefined();
      let answer;
      try {
        answer = await getOrCreateSummaryWithFacts(db, rcptNo);
      } catch (error) {
        // A body with none of its type's key facts is not sold at all (422 no_facts, before any challenge).
        if (error instanceof SummaryNotAvailableError && error.reason === "no_facts") {
          withoutFacts.push(rcptNo);
          continue;
        }
        problems.push(`${rcptNo}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const dto = disclosureFactsResponse.parse(toDisclosureFactsResponse(view!, answer));
      problems.push(...uncheckable(dto, text));
      sold += 1;
    }
    expect(problems).toEqual([]);
    // The sample the documents and challenges publish (npm run sample:build) holds to the same.
    const sample = disclosureFactsResponse.parse(sampleResponse("get-facts"));
    expect(uncheckable(sample, SEED_DOCUMENTS.find((d) => d.rcptNo === sample.rcptNo)!.text)).toEqual([]);
    expect(sold + withoutFacts.length).toBe(SEED_DOCUMENTS.length);
    expect(sold).toBeGreaterThan(SEED_DOCUMENTS.length / 2);
  });
});
