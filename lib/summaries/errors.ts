import type { NOT_SELLABLE_REASONS } from "@/lib/interface/schemas";

/** The receipt number names no ingested filing (the route answers 404). */
export class FilingNotFoundError extends Error {
  constructor(readonly rcptNo: string) {
    super(`No filing with receipt number ${rcptNo}`);
    this.name = "FilingNotFoundError";
  }
}

/**
 * Why a filing's summary cannot be sold: nothing to ground it in.
 * - not_in_snapshot: the offline snapshot does not bundle its body, and no DART key is
 *   configured to fetch it (changes only when the operator configures one);
 * - no_document: DART has neither a document (status 014) nor a structured record for it
 *   (permanent);
 * - no_facts: its body (or record) states none of the key facts of its type, so a summary
 *   would only restate the title (permanent for this body);
 * - incomplete_facts: its form's key table is left empty (a required fact is missing), so a
 *   summary would have to be told from side tables (permanent for this body);
 * - form_not_sold: a form the service does not summarise, for the reason its entry in
 *   NOT_SOLD_FORMS (./facts/forms.ts) states (permanent);
 * - not_renderable: no summary of its facts passes the service's checks (permanent for this
 *   body and this version of the service).
 */
export type NotSellableReason = (typeof NOT_SELLABLE_REASONS)[number];

/** Why a filing's summary cannot be had, and whether that will change: for the 422 answer and the explorer. */
export function notSellableMessage(rcptNo: string, reason: NotSellableReason): string {
  switch (reason) {
    case "not_in_snapshot":
      return `The offline snapshot does not include the body of filing ${rcptNo}, so no grounded summary can be written; this changes only if the service is configured with a DART API key.`;
    case "no_document":
      return `DART has no document or structured record for filing ${rcptNo}, so no grounded summary can be written; this will not change.`;
    case "no_facts":
      return `The body of filing ${rcptNo} states none of the key facts of its type (amounts, parties, dates), so a summary would only restate its title; none is sold.`;
    case "incomplete_facts":
      return `The body of filing ${rcptNo} leaves its form's key table empty, so a summary could only be told from side tables; none is sold.`;
    case "form_not_sold":
      return `Filing ${rcptNo} is of a form the service does not summarise (an offering document, structured notes, an auditor's report, the result of an offering sold through its decision, a routine related-party report or a shareholders' meeting notice); none is sold.`;
    case "not_renderable":
      return `No summary of filing ${rcptNo} passes the service's checks on what its facts support; none is sold.`;
  }
}

/** The filing has nothing a summary could be grounded in (the route answers 422, before any payment). */
export class SummaryNotAvailableError extends Error {
  constructor(
    readonly rcptNo: string,
    readonly reason: NotSellableReason,
  ) {
    super(notSellableMessage(rcptNo, reason));
    this.name = "SummaryNotAvailableError";
  }
}

/**
 * No validated summary can be had now: the generator is down, timing out or answering
 * invalidly and there is no fallback, the filing body cannot be fetched, or another
 * instance's run did not finish in time. The route answers 503 with `retryAfter` and the
 * payment is not settled.
 */
export class SummaryUnavailableError extends Error {
  constructor(
    readonly rcptNo: string,
    readonly retryAfterSeconds: number,
    reason: string,
  ) {
    super(`Summary of ${rcptNo} unavailable: ${reason}`);
    this.name = "SummaryUnavailableError";
  }
}

/** A generator could not answer at all (as opposed to answering invalidly). */
export class GeneratorError extends Error {
  constructor(
    message: string,
    /** The generator's own advice on when to try again (a Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "GeneratorError";
  }
}

/** A generator answered, but not with the JSON asked for. */
export class InvalidAnswerError extends Error {
  constructor(
    message: string,
    /** The raw answer, sent back with the retry so the model sees what it wrote. */
    readonly rawAnswer: string,
    readonly usage?: { inputTokens: number; outputTokens: number },
  ) {
    super(message);
    this.name = "InvalidAnswerError";
  }
}
