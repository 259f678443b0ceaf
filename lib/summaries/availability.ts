/**
 * Whether a filing's summary can be bought, told before anyone pays: a summary is sold only
 * when it is grounded in the filing's body or DART's structured record, said to be available
 * only when one of them (or the summary) is in hand, and sold only when what is in hand would
 * be delivered (./deliverable.ts: a key fact of its type, its key table, a summary that passes
 * the gate — else no_facts, incomplete_facts or not_renderable).
 *
 * - summaryAvailability(db, rcptNos): the database alone (no DART call), for lists — the
 *   explorer's filing pages and the free /v1/disclosures/availability endpoint. A filing whose
 *   sources DART has not been asked for yet is `unknown`, with what a paid request risks.
 * - prepareSummary(db, view): the paid routes' preflight. When nothing is stored yet and a
 *   DART key is configured, it fetches (and stores) the body and the structured record, so
 *   the 402 challenge is only ever issued for a summary that can be delivered. What it read
 *   (the generator input and its sheet) is handed to the generation, which reads nothing again.
 */
import type { Db } from "@/db";
import { getFilingView, type FilingView } from "@/db/queries/filings";
import { getFilingDocument, getFilingStructured, getSummarySources, type SummarySources } from "@/db/queries/summaries";
import { structuredApiFor } from "@/lib/dart";
import { correctedFilingOf } from "./corrections";
import { env } from "@/lib/env";
import { storedOrFetchedDocuments } from "./documents";
import { undeliverableReason } from "./deliverable";
import { SummaryNotAvailableError, type NotSellableReason } from "./errors";
import { buildFactSheet, type FactSheet } from "./facts";
import { basisOf, summaryInputOf, summaryProvenance, summarySources } from "./service";
import type { DocumentSource, PreparedSummary, SummaryBasis, SummaryInput } from "./types";

/**
 * - available: the summary, the filing's body or its structured record is stored;
 * - unknown: DART has not been asked for the filing's sources yet; a paid request asks first;
 * - unavailable: nothing a summary could be grounded in (`reason` says why).
 */
export type SummaryAvailabilityState = "available" | "unknown" | "unavailable";

/** What a paid request for a summary whose availability is unknown may answer instead of it. */
export const UNKNOWN_AVAILABILITY_RISK =
  "DART has not been asked for this filing's body yet. A paid request asks it first, before any payment is taken: if DART has neither a body nor a structured record the answer is 422 summary_not_available, if DART cannot be reached 503 summary_unavailable. Either way nothing is charged.";

export interface SummaryAvailability {
  rcptNo: string;
  /** A paid request delivers a grounded summary: the summary, or what it is grounded in, is in hand. False while unknown. */
  summaryAvailable: boolean;
  /** available, unknown (DART not asked yet) or unavailable. */
  availability: SummaryAvailabilityState;
  /** While unknown: what a paid request may answer instead of the summary (never a charge); null otherwise. */
  payerRisk: string | null;
  /** The summary is stored: a paid request answers from the cache at once. */
  cached: boolean;
  /** What the summary is (or will be) grounded in; null unless available. */
  basis: SummaryBasis | null;
  /** Why no summary can be had (no_facts: its body states none of its type's key facts); null unless unavailable. */
  reason: NotSellableReason | null;
  /** Who wrote the stored summary and from what (the paid routes' X-Summary-Generator header); null when none is stored. */
  generator: string | null;
  /** A correction ([기재정정]): the receipt number of the filing it corrects, when that is stored; else null. */
  correctsRcptNo: string | null;
}

/**
 * The availability of each filing, in the order asked, from the database alone; receipt
 * numbers of filings never ingested are left out. `fetchesFromDart` (a DART key is
 * configured): sources never asked for may still be fetched, so such a filing is unknown.
 */
export async function summaryAvailability(
  db: Db,
  rcptNos: readonly string[],
  { fetchesFromDart = Boolean(env().DART_API_KEY) }: { fetchesFromDart?: boolean } = {},
): Promise<SummaryAvailability[]> {
  const byRcptNo = new Map((await getSummarySources(db, [...new Set(rcptNos)])).map((s) => [s.rcptNo, s]));
  const answers = await Promise.all(
    rcptNos.flatMap((rcptNo) => {
      const sources = byRcptNo.get(rcptNo);
      return sources ? [withCorrectedFiling(db, sources, availabilityOf(sources, fetchesFromDart))] : [];
    }),
  );
  // A stored body not summarised yet is sellable only when its summary would be delivered.
  // A few at a time: each check reads three rows, and a list (a company's 50 latest) must not
  // take every pooled connection at once, past the pool's connect timeout.
  const checked: SummaryAvailability[] = [];
  for (let i = 0; i < answers.length; i += KEY_FACT_CHECKS_AT_ONCE) {
    checked.push(
      ...(await Promise.all(
        answers.slice(i, i + KEY_FACT_CHECKS_AT_ONCE).map(async (answer) => {
          if (!answer.summaryAvailable || answer.cached || answer.basis === null) return answer;
          const reason = await undeliverable(db, answer.rcptNo);
          return reason
            ? { ...answer, summaryAvailable: false, availability: "unavailable" as const, basis: null, reason }
            : answer;
        }),
      )),
    );
  }
  return checked;
}

const KEY_FACT_CHECKS_AT_ONCE = 3;

/** The answer with the filing a correction corrects (no read for any other filing). */
async function withCorrectedFiling(
  db: Db,
  sources: SummarySources,
  answer: SummaryAvailability,
): Promise<SummaryAvailability> {
  return { ...answer, correctsRcptNo: await correctedFilingOf(db, sources) };
}

/** Why a filing's stored sources would not be delivered (null: they would); remembered, as stored sources never change. */
async function undeliverable(db: Db, rcptNo: string): Promise<NotSellableReason | null> {
  const known = deliverability.get(rcptNo);
  if (known !== undefined) return known;
  const stored = await storedSources(db, rcptNo);
  return remember(rcptNo, stored ? undeliverableReason(stored.input, stored.sheet) : "no_document");
}

function remember(rcptNo: string, reason: NotSellableReason | null): NotSellableReason | null {
  if (deliverability.size >= KEY_FACTS_REMEMBERED) deliverability.delete(deliverability.keys().next().value!);
  deliverability.set(rcptNo, reason);
  return reason;
}

async function storedSources(db: Db, rcptNo: string): Promise<{ input: SummaryInput; sheet: FactSheet } | undefined> {
  const [view, document, record] = await Promise.all([
    getFilingView(db, rcptNo),
    getFilingDocument(db, rcptNo),
    getFilingStructured(db, rcptNo),
  ]);
  if (!view) return undefined;
  const body = document?.status === "ok" ? document.text : null;
  const structured = record?.status === "ok" && record.fields ? { api: record.api, fields: record.fields } : null;
  const input = summaryInputOf(view, body, structured);
  return { input, sheet: buildFactSheet(input) };
}

/**
 * The fact sheet of what is stored for a filing (its body, its structured record), without
 * generating anything: what a summary of it is built on. Undefined for a filing not ingested.
 */
export async function storedSourcesFactSheet(db: Db, rcptNo: string): Promise<FactSheet | undefined> {
  return (await storedSources(db, rcptNo))?.sheet;
}

const KEY_FACTS_REMEMBERED = 2_000;
const deliverability = new Map<string, NotSellableReason | null>();

function availabilityOf(sources: SummarySources, fetchesFromDart: boolean): SummaryAvailability {
  const { rcptNo, summary, document, structured } = sources;
  const none = {
    rcptNo,
    cached: false,
    basis: null,
    reason: null,
    generator: null,
    payerRisk: null,
    correctsRcptNo: null,
  };
  if (summary) {
    return {
      ...none,
      summaryAvailable: true,
      availability: "available",
      cached: true,
      basis: summary.basis as SummaryBasis,
      generator: summaryProvenance(summary),
    };
  }
  const body = document === "ok";
  const record = structured?.status === "ok";
  if (body || record)
    return { ...none, summaryAvailable: true, availability: "available", basis: basisOf(body, record) };
  const recordNotAsked = structured === null && structuredApiFor(sources.reportNm) !== null;
  if (fetchesFromDart && (document === null || recordNotAsked)) {
    return { ...none, summaryAvailable: false, availability: "unknown", payerRisk: UNKNOWN_AVAILABILITY_RISK };
  }
  return {
    ...none,
    summaryAvailable: false,
    availability: "unavailable",
    reason: document === "no_file" || fetchesFromDart ? "no_document" : "not_in_snapshot",
  };
}

/**
 * The paid routes' preflight: resolves when the filing's summary will be delivered — it is
 * stored, or its sources (read from the database, or fetched from DART when never asked for)
 * yield a summary that passes the gate. Throws SummaryNotAvailableError (reason: why not)
 * or SummaryUnavailableError (DART unreachable: try later).
 */
export async function prepareSummary(
  db: Db,
  view: FilingView,
  documents: DocumentSource = storedOrFetchedDocuments(db),
): Promise<PreparedSummary> {
  const { rcptNo } = view.filing;
  const [sources] = await getSummarySources(db, [rcptNo]);
  if (!sources) throw new Error(`filing ${rcptNo} is not in the database`);
  const availability = availabilityOf(sources, documents.fetchesFromDart ?? false);
  if (availability.availability === "unavailable")
    throw new SummaryNotAvailableError(rcptNo, availability.reason ?? "no_document");
  if (availability.cached) return { view, cached: true, sources: null };
  const { body, structured } = await summarySources(view.filing, documents);
  const input = summaryInputOf(view, body, structured);
  const sheet = buildFactSheet(input);
  const reason = remember(rcptNo, undeliverableReason(input, sheet));
  if (reason) throw new SummaryNotAvailableError(rcptNo, reason);
  return { view, cached: false, sources: { input, sheet } };
}
