/**
 * The summary service: a shared cache in front of one validated generation per filing.
 *
 * Hit: one primary-key read. Miss: the caller claims the filing's lease (see
 * db/queries/summaries.ts) and generates, or waits, polling with a growing backoff, for the
 * holder's run and returns its result. A holder that dies leaves a lease that expires, and
 * a waiter takes over. A run that fails leaves an "unavailable" marker for the cool-down
 * instead, so waiters fail fast rather than each retry a generator that is down.
 *
 * One deadline (SUMMARY_DEADLINE_SECONDS from the request): the holder's generators are
 * aborted at it, the lease carries it, and waiters wait until it (and a moment to store the
 * result), never less; past it everyone gets SummaryUnavailableError (503, not charged).
 *
 * A run: assemble the input (filing, classification, company, body, DART's structured
 * record) and its fact sheet — a sheet with none of its type's key facts is not summarised
 * (SummaryNotAvailableError, no_facts) —, ask the primary generator for prose with
 * placeholders, validate and render it; on an invalid answer ask once more with the reason;
 * on a second invalid answer or an error, use the fallback (the offline generator). Every
 * attempt is recorded in summary_generations. Only a validated answer is stored, with its
 * template and its sheet, in the transaction that releases the lease, with who wrote it and
 * from what. A fallback written while the model was failing is replaced
 * by the model's summary once it answers again: a cache hit on it starts one background
 * regeneration under the same lease (see upgradeFallback).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "@/db";
import { getFilingView, type FilingView } from "@/db/queries/filings";
import {
  claimSummaryLease,
  getSummaries,
  getSummary,
  getSummaryLease,
  markSummaryUnavailable,
  recordSummaryGeneration,
  releaseSummaryLease,
  renewSummaryLease,
  storeSummary,
  UNAVAILABLE_HOLDER,
} from "@/db/queries/summaries";
import { EVENT_TYPES, normalizeReportNm, sectorTagsFor } from "@/lib/classify";
import { correctedFilingDate, isCorrection } from "@/lib/dart";
import { env } from "@/lib/env";
import { companyNameEn } from "@/lib/names";
import { correctedFilingOf } from "./corrections";
import { storedOrFetchedDocuments } from "./documents";
import {
  FilingNotFoundError,
  GeneratorError,
  InvalidAnswerError,
  SummaryNotAvailableError,
  SummaryUnavailableError,
} from "./errors";
import { configuredGenerator, noteOutcome, type GenerationOutcome } from "./generators";
import { offlineGenerator } from "./offline";
import { PROMPT_VERSION } from "./prompt";
import { undeliverableReason } from "./deliverable";
import { buildFactSheet, type FactCell, type FactSheet, type SheetFact } from "./facts";
import type {
  DocumentSource,
  PreparedSummary,
  StructuredData,
  SummaryBasis,
  SummaryGenerator,
  SummaryInput,
  SummaryRow,
} from "./types";
import { validateSummary } from "./validate";

export interface SummaryOptions {
  /** Defaults to the configured generator (OpenAI-compatible with a key, offline without). */
  generator?: SummaryGenerator;
  /** Used when the generator errs or answers invalidly twice; null for none. Default: offline. */
  fallback?: SummaryGenerator | null;
  /** Defaults to filing_documents and filing_structured, fetching from DART when a key is configured. */
  documents?: DocumentSource;
  /**
   * When this request gives up: its own generation is aborted then, and it waits for another
   * caller's run no longer. Default: SUMMARY_DEADLINE_SECONDS from the call.
   */
  deadline?: Date;
  /** Lease length; the holder renews it every third of it. */
  leaseMs?: number;
  /** After a failed run: how long callers are told to wait, and new runs are held off. */
  retryAfterSeconds?: number;
}

const DEFAULT_LEASE_MS = 15_000;
/** Kept from the primary generator's time when there is a fallback, so the fallback still answers in time. */
const FALLBACK_RESERVE_MS = 1_000;
/** After the holder's deadline: time for it to store its result before waiters give up. */
const STORE_GRACE_MS = 1_000;
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** A body fetch that failed (DART down, quota): try again in a minute. */
const DOCUMENT_RETRY_AFTER_SECONDS = 60;
const POLL_FIRST_MS = 25;
const POLL_MAX_MS = 500;
const POLL_GROWTH = 1.5;
const DEFAULT_CONCURRENCY = 4;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The deadline of a paid generation that starts now (SUMMARY_DEADLINE_SECONDS). */
export function summaryDeadline(from = Date.now()): Date {
  return new Date(from + env().SUMMARY_DEADLINE_SECONDS * 1000);
}

/**
 * The stored summary of a filing, generating it once (across all instances) when missing.
 * Given what the paid preflight prepared (prepareSummary), the generation starts from the
 * filing, input and sheet it read, and reads none of them again. Throws
 * SummaryNotAvailableError when the filing's summary would not be delivered.
 */
export async function getOrCreateSummary(
  db: Db,
  filing: string | PreparedSummary,
  options: SummaryOptions = {},
): Promise<SummaryRow> {
  const rcptNo = typeof filing === "string" ? filing : filing.view.filing.rcptNo;
  const cached = await getSummary(db, rcptNo);
  if (cached) {
    if (cached.fallback) upgradeFallback(db, cached, options);
    return cached;
  }
  const view = typeof filing === "string" ? await getFilingView(db, rcptNo) : filing.view;
  if (!view) throw new FilingNotFoundError(rcptNo);
  return generateOnce(db, view, options, { regenerate: false }, typeof filing === "string" ? null : filing.sources);
}

/**
 * Generates the filing's summary again now and stores it in place of the current one —
 * unless only the fallback answered and the current one is the model's (`npm run summarize
 * -- --regenerate`). Waits for a run already under way rather than starting a second one.
 */
export async function regenerateSummary(db: Db, rcptNo: string, options: SummaryOptions = {}): Promise<SummaryRow> {
  const view = await getFilingView(db, rcptNo);
  if (!view) throw new FilingNotFoundError(rcptNo);
  return generateOnce(db, view, options, { regenerate: true });
}

/**
 * A cache hit on a fallback: when a model is the primary generator, one background run
 * (under the filing's lease, so never two at once across instances) asks the model again,
 * without a fallback, and replaces the fallback when it answers validly. A run that fails
 * leaves the cool-down marker, so the next hits do not retry at once; the fallback is served
 * meanwhile.
 */
function upgradeFallback(db: Db, cached: SummaryRow, options: SummaryOptions): void {
  const settings = resolveOptions(db, options);
  if (settings.generator.id === cached.modelId || settings.generator.id === settings.fallback?.id) return;
  const upgrade = (async () => {
    const view = await getFilingView(db, cached.rcptNo);
    const holder = newHolder();
    if (!view || !(await claimSummaryLease(db, cached.rcptNo, holder, settings.leaseMs, new Date(settings.deadline))))
      return;
    await generateAsHolder(db, view, holder, { ...settings, fallback: null }, { regenerate: true });
  })();
  pendingUpgrades.add(upgrade);
  upgrade
    .catch((err: unknown) => {
      if (!(err instanceof SummaryUnavailableError))
        console.warn(`[summaries] upgrading the fallback of ${cached.rcptNo} failed:`, errorMessage(err));
    })
    .finally(() => pendingUpgrades.delete(upgrade));
}

const pendingUpgrades = new Set<Promise<void>>();

/** Resolves when every background fallback upgrade started so far has finished (scripts, tests). */
export async function settleFallbackUpgrades(): Promise<void> {
  while (pendingUpgrades.size > 0) await Promise.allSettled([...pendingUpgrades]);
}

/**
 * The stored summaries of several filings, in the order asked, generating missing ones
 * `concurrency` at a time until `deadline`. A filing that is unknown, has nothing to ground
 * a summary in, is unavailable or is still generating at the deadline is left out (its run
 * goes on and fills the cache).
 */
export async function getOrCreateSummaries(
  db: Db,
  rcptNos: readonly string[],
  options: SummaryOptions & { deadline: Date; concurrency?: number },
): Promise<SummaryRow[]> {
  const wanted = [...new Set(rcptNos)];
  const found = new Map((await getSummaries(db, wanted)).map((row) => [row.rcptNo, row]));
  for (const row of found.values()) if (row.fallback) upgradeFallback(db, row, { ...options, deadline: undefined });
  const missing = wanted.filter((rcptNo) => !found.has(rcptNo));
  const { deadline: batchDeadline, concurrency, ...perFiling } = options;
  const deadline = batchDeadline.getTime();

  let next = 0;
  const worker = async () => {
    while (next < missing.length && Date.now() < deadline) {
      const rcptNo = missing[next++];
      // Each generation has its own deadline from its start; the batch stops waiting at its own.
      const row = await settledBefore(getOrCreateSummary(db, rcptNo, perFiling), deadline);
      if (row) found.set(rcptNo, row);
    }
  };
  const workers = Math.min(concurrency ?? DEFAULT_CONCURRENCY, missing.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return wanted.flatMap((rcptNo) => found.get(rcptNo) ?? []);
}

/**
 * The summary if it is ready by `deadline`; undefined when it is not, or when the filing
 * is unknown or its summary unavailable. A run still going on at the deadline goes on.
 */
async function settledBefore(run: Promise<SummaryRow>, deadline: number): Promise<SummaryRow | undefined> {
  const settled = run.then(
    (row) => ({ row }),
    (err: unknown) => {
      if (
        err instanceof FilingNotFoundError ||
        err instanceof SummaryUnavailableError ||
        err instanceof SummaryNotAvailableError
      ) {
        return { row: undefined };
      }
      throw err;
    },
  );
  let cancelTimer = () => {};
  const timedOut = new Promise<null>((resolve) => {
    const timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
    cancelTimer = () => clearTimeout(timer);
  });
  try {
    const outcome = await Promise.race([settled, timedOut]);
    if (outcome) return outcome.row;
    settled.catch((err: unknown) => console.error("[summaries] background generation failed:", errorMessage(err)));
    return undefined;
  } finally {
    cancelTimer();
  }
}

interface ResolvedOptions {
  generator: SummaryGenerator;
  fallback: SummaryGenerator | null;
  documents: DocumentSource;
  deadline: number;
  leaseMs: number;
  retryAfterSeconds: number;
}

function resolveOptions(db: Db, options: SummaryOptions): ResolvedOptions {
  return {
    generator: options.generator ?? configuredGenerator(),
    fallback: options.fallback === undefined ? offlineGenerator : options.fallback,
    documents: options.documents ?? storedOrFetchedDocuments(db),
    deadline: (options.deadline ?? summaryDeadline()).getTime(),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    retryAfterSeconds: options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
  };
}

const newHolder = () => `${hostname()}:${process.pid}:${randomUUID()}`;

interface RunMode {
  /** Store in place of an existing summary (never a fallback over a model's). */
  regenerate: boolean;
}

/** Single flight: claim the lease and generate, or wait for whoever holds it. */
async function generateOnce(
  db: Db,
  view: FilingView,
  options: SummaryOptions,
  mode: RunMode = { regenerate: false },
  prepared: PreparedSources | null = null,
): Promise<SummaryRow> {
  const settings = resolveOptions(db, options);
  const rcptNo = view.filing.rcptNo;
  const holder = newHolder();
  let pollMs = POLL_FIRST_MS;
  for (;;) {
    if (await claimSummaryLease(db, rcptNo, holder, settings.leaseMs, new Date(settings.deadline))) {
      return generateAsHolder(db, view, holder, settings, mode, prepared);
    }

    const lease = await getSummaryLease(db, rcptNo);
    if (lease?.holder === UNAVAILABLE_HOLDER) {
      noteOutcome("unavailable", "a recent generation failed");
      throw new SummaryUnavailableError(
        rcptNo,
        Math.max(1, Math.ceil(lease.remainingMs / 1000)),
        "a recent generation failed",
      );
    }
    // Waiting as long as the holder may run (and store), but no longer than this request may.
    const waitUntil = Math.min(
      settings.deadline,
      lease?.deadlineAt ? lease.deadlineAt.getTime() + STORE_GRACE_MS : settings.deadline,
    );
    const left = waitUntil - Date.now();
    if (left <= 0) {
      noteOutcome("unavailable", "timed out waiting for another run");
      const retryAfter = Math.min(
        settings.retryAfterSeconds,
        Math.max(1, Math.ceil((lease?.remainingMs ?? 1000) / 1000)),
      );
      throw new SummaryUnavailableError(rcptNo, retryAfter, "another run did not finish in time");
    }
    await sleep(Math.min(left, pollMs * (0.75 + Math.random() * 0.5)));
    pollMs = Math.min(POLL_MAX_MS, pollMs * POLL_GROWTH);

    const done = await getSummary(db, rcptNo);
    if (done && !mode.regenerate) return done;
  }
}

/** The generator input and its sheet, when the preflight has read them already. */
type PreparedSources = NonNullable<PreparedSummary["sources"]>;

async function generateAsHolder(
  db: Db,
  view: FilingView,
  holder: string,
  settings: ResolvedOptions,
  mode: RunMode,
  prepared: PreparedSources | null = null,
): Promise<SummaryRow> {
  const rcptNo = view.filing.rcptNo;
  // A holder that finished between this caller's cache read and its claim has stored the summary.
  const done = mode.regenerate ? undefined : await getSummary(db, rcptNo);
  if (done) {
    await releaseSummaryLease(db, rcptNo, holder);
    return done;
  }

  const renewal = setInterval(() => {
    renewSummaryLease(db, rcptNo, holder, settings.leaseMs)
      .then((held) => {
        if (!held)
          console.warn(`[summaries] lease on ${rcptNo} expired and was taken over; the first stored result wins`);
      })
      .catch((err: unknown) => console.warn(`[summaries] renewing the lease on ${rcptNo} failed:`, errorMessage(err)));
  }, settings.leaseMs / 3);
  renewal.unref();

  let input: SummaryInput;
  let summary: Awaited<ReturnType<typeof generateValidated>>;
  try {
    input = prepared?.input ?? (await summaryInput(view, settings.documents));
    const sheet = prepared?.sheet ?? buildFactSheet(input);
    // What would not be delivered is not generated (the preflight has checked it already when it ran).
    const reason = prepared ? null : undeliverableReason(input, sheet);
    if (reason) throw new SummaryNotAvailableError(rcptNo, reason);
    summary = await generateValidated(db, input, sheet, settings);
  } catch (err) {
    // Nothing to ground a summary in is permanent: no cool-down marker, the lease just goes.
    clearInterval(renewal);
    await (
      err instanceof SummaryUnavailableError
        ? markSummaryUnavailable(db, rcptNo, holder, err.retryAfterSeconds * 1000)
        : releaseSummaryLease(db, rcptNo, holder)
    ).catch((cleanup: unknown) =>
      console.warn(`[summaries] releasing the lease on ${rcptNo} failed:`, errorMessage(cleanup)),
    );
    throw err;
  }
  clearInterval(renewal);

  return storeSummary(
    db,
    {
      rcptNo,
      summaryEn: summary.summaryEn,
      importanceScore: summary.importanceScore,
      sectorTags: input.sectorTags,
      tickerTags: input.ticker ? [input.ticker] : [],
      actionableFor: input.actionableFor,
      basis: basisOf(input.body !== null, input.structured !== null),
      modelId: summary.modelId,
      fallback: summary.fallback,
      promptVersion: PROMPT_VERSION,
      template: summary.template,
      facts: summary.sheet,
    },
    holder,
    { replace: mode.regenerate },
  );
}

/**
 * Who wrote a summary and from what, as the X-Summary-Generator header says it:
 * `<model id or extractive version>; basis=<body|structured|body+structured>[; fallback]`
 * (fallback: written while the model failed, to be replaced once it answers).
 */
export function summaryProvenance(summary: Pick<SummaryRow, "modelId" | "basis" | "fallback">): string {
  return `${summary.modelId}; basis=${summary.basis}${summary.fallback ? "; fallback" : ""}`;
}

/** What the paid facts endpoint answers: the summary, the sheet it was rendered from, and who wrote it. */
export interface SummaryWithFacts {
  rcptNo: string;
  summary: SummaryRow;
  /** Every fact of the sheet, each with its Korean source cells; every figure of summary.summaryEn is one's `text`. */
  facts: SheetFact[];
  /** The filing's other figures, in Korean as filed, never stated (FactSheet.cells). */
  cells: FactCell[];
  /** A correction: the stored filing it corrects; else null. */
  correctsRcptNo: string | null;
  /** As summaryProvenance (the X-Summary-Generator header). */
  generator: string;
}

/**
 * The filing's summary with its fact sheet: getOrCreateSummary (the same cache, single
 * flight, deadline and errors), since every stored summary carries the sheet it was
 * rendered from.
 */
export async function getOrCreateSummaryWithFacts(
  db: Db,
  filing: string | PreparedSummary,
  options: SummaryOptions = {},
): Promise<SummaryWithFacts> {
  const summary = await getOrCreateSummary(db, filing, options);
  const rcptNo = summary.rcptNo;
  const { facts, cells } = storedFactSheet(summary);
  const correctsRcptNo = await correctedFilingOf(db, typeof filing === "string" ? rcptNo : filing.view.filing);
  return { rcptNo, summary, facts, cells, correctsRcptNo, generator: summaryProvenance(summary) };
}

/**
 * The fact sheet stored with a summary (written by this service only, so its shape is known).
 * Summaries stored before facts needed a role (migration 0007 removed those whose prose cited
 * one) may still list role-less facts: they are shown as cells, never as facts.
 */
export function storedFactSheet(summary: SummaryRow): FactSheet {
  const stored = summary.facts as Omit<FactSheet, "facts" | "cells"> & {
    facts: (Omit<SheetFact, "role"> & { role: string | null })[];
    cells?: FactCell[];
  };
  const facts = stored.facts.filter((fact): fact is SheetFact => fact.role !== null);
  const unlabelled = stored.facts.filter((fact) => fact.role === null).map((fact) => fact.source);
  return { ...stored, facts, cells: [...(stored.cells ?? []), ...unlabelled] };
}

/** What a summary from these sources is grounded in (at least one of them is present). */
export function basisOf(hasBody: boolean, hasStructured: boolean): SummaryBasis {
  if (hasBody && hasStructured) return "body+structured";
  return hasBody ? "body" : "structured";
}

/**
 * What a summary of the filing is grounded in: its body and DART's structured record, from
 * the database or fetched from DART. Throws SummaryUnavailableError when DART fails (it will
 * pass) and SummaryNotAvailableError when there is neither (it will not).
 */
export async function summarySources(
  filing: { rcptNo: string; corpCode: string; rceptDt: string; reportNm: string },
  documents: DocumentSource,
): Promise<{ body: string | null; structured: StructuredData | null }> {
  let body: string | null;
  let structured: StructuredData | null;
  try {
    body = await documents.getText(filing.rcptNo);
    structured = (await documents.getStructured?.({ ...filing, eventDays: eventDaysOf(filing, body) })) ?? null;
  } catch (err) {
    noteOutcome("unavailable", `filing sources: ${errorMessage(err)}`);
    throw new SummaryUnavailableError(
      filing.rcptNo,
      DOCUMENT_RETRY_AFTER_SECONDS,
      `DART could not be reached for the filing (${errorMessage(err)})`,
    );
  }
  body = body?.trim() ? body : null;
  if (body === null && structured === null) {
    throw new SummaryNotAvailableError(filing.rcptNo, documents.fetchesFromDart ? "no_document" : "not_in_snapshot");
  }
  return { body, structured };
}

/** How far back a correction whose body leaves the corrected filing's day blank is searched for its record. */
const CORRECTION_SEARCH_DAYS = 365;

/**
 * The receipt days DART's structured record of the filing's event is filed under: a
 * correction's is the corrected filing's day (as its body states it; else the year before it).
 */
function eventDaysOf(
  filing: { reportNm: string; rceptDt: string },
  body: string | null,
): { from: string; to: string } | undefined {
  if (!isCorrection(filing.reportNm)) return undefined;
  const corrected = correctedFilingDate(filing.reportNm, body);
  if (corrected) return { from: corrected, to: corrected };
  const from = new Date(Date.parse(`${filing.rceptDt}T00:00:00Z`) - CORRECTION_SEARCH_DAYS * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: filing.rceptDt };
}

/** Everything the generator gets: the filing row's metadata and classification, the company, the body, the structured record. */
async function summaryInput(view: FilingView, documents: DocumentSource): Promise<SummaryInput> {
  const { body, structured } = await summarySources(view.filing, documents);
  return summaryInputOf(view, body, structured);
}

/** The generator input of a filing whose sources are known. */
export function summaryInputOf(view: FilingView, body: string | null, structured: StructuredData | null): SummaryInput {
  const f = view.filing;
  const ticker = view.company?.ticker ?? f.ticker;
  const companyTags = view.company?.sectorTags ?? [];
  const corpName = f.corpName.trim();
  return {
    rcptNo: f.rcptNo,
    rceptDt: f.rceptDt,
    corpName,
    corpNameEn: companyNameEn(corpName, view.company),
    ticker,
    reportNm: normalizeReportNm(f.reportNm),
    reportNmEn: f.reportNmEn,
    filerName: f.flrNm && f.flrNm.trim() !== corpName ? f.flrNm.trim() : null,
    eventType: f.eventType,
    eventLabelEn: EVENT_TYPES.find((t) => t.eventType === f.eventType)?.labelEn ?? f.reportNmEn,
    classifierScore: f.importanceScore,
    actionableFor: f.actionableFor,
    sectorTags: companyTags.length > 0 ? companyTags : ticker ? sectorTagsFor(ticker) : [],
    body,
    structured,
  };
}

type Attempt =
  | {
      ok: true;
      summaryEn: string;
      template: string;
      sheet: FactSheet;
      importanceScore: number;
      modelId: string;
      fallback: boolean;
    }
  | { ok: false; reason: string; answer: string | null; retryAfterSeconds?: number };

/**
 * The generator's answer by `until`: at that instant its signal is aborted and a
 * GeneratorError thrown, whether or not the generator honours the signal.
 */
async function answerBy(
  generator: SummaryGenerator,
  input: SummaryInput,
  sheet: FactSheet,
  retry: { reason: string; previousAnswer: string } | undefined,
  until: number,
) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const error = new GeneratorError("the summary deadline passed before the generator answered");
        controller.abort(error);
        reject(error);
      },
      Math.max(0, until - Date.now()),
    );
  });
  try {
    return await Promise.race([generator.generate(input, sheet, retry, { signal: controller.signal }), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** One generator call by `until`, validated and recorded. */
async function attempt(
  db: Db,
  input: SummaryInput,
  sheet: FactSheet,
  generator: SummaryGenerator,
  successOutcome: "ok" | "fallback",
  until: number,
  retry?: { reason: string; previousAnswer: string },
): Promise<Attempt> {
  const started = performance.now();
  let outcome: GenerationOutcome;
  let detail: string | null;
  let usage: { inputTokens: number; outputTokens: number } | undefined;
  let result: Attempt;
  try {
    const { usage: answerUsage, ...answer } = await answerBy(generator, input, sheet, retry, until);
    usage = answerUsage;
    const validation = validateSummary(input, sheet, answer);
    if (validation.ok) {
      result = {
        ok: true,
        summaryEn: validation.summaryEn,
        template: validation.template,
        sheet: validation.sheet,
        importanceScore: validation.importanceScore,
        modelId: generator.id,
        fallback: successOutcome === "fallback",
      };
      outcome = successOutcome;
      detail = validation.notes.length > 0 ? validation.notes.join("; ") : null;
    } else {
      result = {
        ok: false,
        reason: validation.reason,
        answer: JSON.stringify({
          frames: answer.frames,
          terms: answer.terms ?? [],
          importanceScore: answer.importanceScore,
          newFacts: answer.newFacts ?? [],
        }),
      };
      outcome = "invalid";
      detail = validation.reason;
    }
  } catch (err) {
    if (err instanceof InvalidAnswerError) {
      usage = err.usage;
      result = { ok: false, reason: err.message, answer: err.rawAnswer };
      outcome = "invalid";
    } else {
      result = {
        ok: false,
        reason: errorMessage(err),
        answer: null,
        retryAfterSeconds: err instanceof GeneratorError ? err.retryAfterSeconds : undefined,
      };
      outcome = "error";
    }
    detail = result.reason;
  }
  const latencyMs = Math.round(performance.now() - started);

  noteOutcome(outcome, detail);
  if (outcome === "invalid" || outcome === "error") {
    console.warn(`[summaries] ${generator.id} ${outcome} for ${input.rcptNo}: ${detail}`);
  }
  await recordSummaryGeneration(db, {
    rcptNo: input.rcptNo,
    modelId: generator.id,
    promptVersion: PROMPT_VERSION,
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    latencyMs,
    outcome,
    detail: detail && detail.slice(0, 1000),
  });
  return result;
}

/**
 * The primary generator, once more with the reason after an invalid answer (not after an
 * error: its own retries are spent), then the fallback; all by the deadline (the primary
 * leaves the fallback a moment). Throws SummaryUnavailableError when nothing valid came out.
 */
async function generateValidated(
  db: Db,
  input: SummaryInput,
  sheet: FactSheet,
  settings: ResolvedOptions,
): Promise<Extract<Attempt, { ok: true }>> {
  const { generator } = settings;
  const fallback = settings.fallback && settings.fallback.id !== generator.id ? settings.fallback : null;
  const primaryUntil = fallback ? settings.deadline - FALLBACK_RESERVE_MS : settings.deadline;
  let retry: { reason: string; previousAnswer: string } | undefined;
  let failure: Extract<Attempt, { ok: false }> | undefined;
  const tries = generator.deterministic ? 1 : 2;
  for (let i = 0; i < tries && Date.now() < primaryUntil; i++) {
    const result = await attempt(db, input, sheet, generator, "ok", primaryUntil, retry);
    if (result.ok) return result;
    failure = result;
    if (result.answer === null) break; // an error, not an invalid answer
    retry = { reason: result.reason, previousAnswer: result.answer };
  }
  if (fallback && Date.now() < settings.deadline) {
    const result = await attempt(db, input, sheet, fallback, "fallback", settings.deadline);
    if (result.ok) return result;
  }
  noteOutcome("unavailable", failure?.reason ?? null);
  throw new SummaryUnavailableError(
    input.rcptNo,
    failure?.retryAfterSeconds ?? settings.retryAfterSeconds,
    failure?.reason ?? "no generator produced a valid summary",
  );
}
