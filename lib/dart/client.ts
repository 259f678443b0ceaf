/**
 * The OpenDART HTTP client. Every request carries a timeout; transient failures (network,
 * 5xx, timeouts, malformed bodies, status 020) are retried a bounded number of times with
 * exponential backoff and jitter; everything else surfaces at once as a typed DartError.
 * The API key travels only in the query string of the request and never appears in an error.
 */
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { env } from "@/lib/env";
import { decodeDartText, isZip } from "./archive";
import { listedCompaniesFromCorpCodeZip } from "./corp-codes";
import { documentTextFromZip, MAX_DOCUMENT_CHARS } from "./document-text";
import { DartError, errorForStatus } from "./errors";
import type { StructuredAnswer } from "./structured";
import type {
  DartCompany,
  DartCorpCls,
  DartCorpCodeEntry,
  DartListPage,
  DocumentText,
  ListFilingsQuery,
} from "./types";

export interface DartClientOptions {
  /** Defaults to DART_API_BASE_URL. */
  baseUrl?: string;
  /** Defaults to DART_API_KEY; without a key every call fails with a `config` error. */
  apiKey?: string;
  /** Per request, body included. */
  timeoutMs?: number;
  /** Further attempts after the first for retryable failures. */
  maxRetries?: number;
  fetch?: typeof fetch;
  /** How the client waits between attempts (tests record the delays instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** Cap on document text length. */
  maxDocumentChars?: number;
}

export interface DartClient {
  readonly hasApiKey: boolean;
  /** Every page (100 rows each) of list.json for a window of KST receipt dates, newest first. */
  listFilings(query: ListFilingsQuery): AsyncGenerator<DartListPage, void, undefined>;
  /** The listed companies of the corpCode.xml directory. */
  corpCodes(): Promise<DartCorpCodeEntry[]>;
  /** company.json, or null when DART has no such company (status 013). */
  company(corpCode: string): Promise<DartCompany | null>;
  /** The filing body of document.xml as plain text. */
  documentText(rcptNo: string): Promise<DocumentText>;
  /**
   * A filing's DS005 record from `api` (e.g. cvbdIsDecsn): asked by company and receipt day,
   * the row with this receipt number picked out.
   */
  /**
   * The filing's DS005 record: the row under its own receipt number (DS005 answers an event's
   * newest version only, so a corrected original has none). `eventDays`: the receipt days to
   * search, when the event's original filing is not this one (a correction); default its own day.
   */
  structuredRecord(
    api: string,
    filing: { rcptNo: string; corpCode: string; rceptDt: string; eventDays?: { from: string; to: string } },
  ): Promise<StructuredAnswer>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_RETRIES = 3;
const PAGE_COUNT = 100;
/** First backoff delay; doubles per attempt. The request limit (020) gets a longer one. */
const BACKOFF_BASE_MS = 500;
const QUOTA_BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 30_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const listRowSchema = z.object({
  rcept_no: z.string().regex(/^\d{14}$/),
  rcept_dt: z.string().regex(/^\d{8}$/),
  corp_code: z.string(),
  corp_name: z.string(),
  stock_code: z.string().nullish(),
  corp_cls: z.string().nullish(),
  report_nm: z.string(),
  flr_nm: z.string().nullish(),
  rm: z.string().nullish(),
});

const listBodySchema = z.object({
  page_no: z.coerce.number().int().min(1),
  total_count: z.coerce.number().int().min(0),
  total_page: z.coerce.number().int().min(0),
  list: z.array(listRowSchema),
});

const companyBodySchema = z.object({
  corp_name: z.string().default(""),
  corp_name_eng: z.string().nullish(),
  stock_code: z.string().nullish(),
  corp_cls: z.string().nullish(),
  induty_code: z.string().nullish(),
});

/** DS005 rows: flat string fields; DART sends numbers as formatted strings ("18,000,000,000"). */
const structuredBodySchema = z.object({
  list: z.array(z.record(z.string(), z.union([z.string(), z.number()]).transform(String))),
});

const statusBodySchema = z.object({ status: z.coerce.string(), message: z.coerce.string().optional() });

const xmlStatusParser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true });

/** What one request came back with, once DART's status has been read. */
type Answer<T> = { kind: "data"; value: T } | { kind: "no_data" } | { kind: "no_file" };

export function createDartClient(options: DartClientOptions = {}): DartClient {
  const baseUrl = (options.baseUrl ?? env().DART_API_BASE_URL).replace(/\/+$/, "");
  const apiKey = (options.apiKey ?? env().DART_API_KEY) || undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxDocumentChars = options.maxDocumentChars ?? MAX_DOCUMENT_CHARS;

  /** A message safe to log: the key can never reach it, whatever a lower layer put in. */
  const redact = (message: string) => (apiKey ? message.split(apiKey).join("[redacted]") : message);

  async function fetchOnce(endpoint: string, params: Record<string, string>): Promise<Uint8Array> {
    if (!apiKey) throw new DartError("config", "DART_API_KEY is not configured");
    const url = new URL(`${baseUrl}/${endpoint}`);
    url.searchParams.set("crtfc_key", apiKey);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);

    let response: Response;
    let body: ArrayBuffer;
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      body = await response.arrayBuffer();
    } catch (err) {
      if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
        throw new DartError("timeout", `OpenDART ${endpoint} timed out after ${timeoutMs} ms`, { retryable: true });
      }
      throw new DartError("http", redact(`OpenDART ${endpoint} request failed: ${describeNetworkError(err)}`), {
        retryable: true,
      });
    }
    if (!response.ok) {
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      throw new DartError("http", `OpenDART ${endpoint} answered HTTP ${response.status}`, {
        httpStatus: response.status,
        retryable,
      });
    }
    return new Uint8Array(body);
  }

  /** One request, retried while the failure is transient. */
  async function request<T>(
    endpoint: string,
    params: Record<string, string>,
    read: (bytes: Uint8Array) => Answer<T>,
  ): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return read(await fetchOnce(endpoint, params));
      } catch (err) {
        const error =
          err instanceof DartError
            ? err
            : new DartError("malformed", redact(`OpenDART ${endpoint}: ${(err as Error).message}`), {
                retryable: true,
              });
        if (!error.retryable || attempt >= maxRetries) throw error;
        await sleep(backoffDelay(attempt, error.kind === "quota" ? QUOTA_BACKOFF_BASE_MS : BACKOFF_BASE_MS));
      }
    }
  }

  /** A JSON endpoint: the status decides, then the schema checks the rest. */
  function readJson<T>(endpoint: string, schema: z.ZodType<T>) {
    return (bytes: Uint8Array): Answer<T> => {
      const body = parseJson(endpoint, bytes);
      const answer = answerForStatus<T>(endpoint, body);
      if (answer) return answer;
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const problem = z.prettifyError(parsed.error);
        throw new DartError("malformed", `OpenDART ${endpoint} body does not match its format: ${problem}`, {
          retryable: true,
        });
      }
      return { kind: "data", value: parsed.data };
    };
  }

  /** A ZIP endpoint: a ZIP on success, a small XML (or JSON) status body on error. */
  function readZip<T>(endpoint: string, convert: (zip: Uint8Array) => T) {
    return (bytes: Uint8Array): Answer<T> => {
      if (isZip(bytes)) return { kind: "data", value: convert(bytes) };
      const answer = answerForStatus<T>(endpoint, parseStatusBody(endpoint, bytes));
      if (answer) return answer;
      throw new DartError("malformed", `OpenDART ${endpoint} answered status 000 without a ZIP`, { retryable: true });
    };
  }

  return {
    hasApiKey: Boolean(apiKey),

    async *listFilings({ bgnDe, endDe, corpCls }) {
      const read = readJson("list.json", listBodySchema);
      let totalPage = 1;
      for (let pageNo = 1; pageNo <= totalPage; pageNo++) {
        const params: Record<string, string> = {
          bgn_de: bgnDe,
          end_de: endDe,
          sort: "date",
          sort_mth: "desc",
          page_no: String(pageNo),
          page_count: String(PAGE_COUNT),
        };
        if (corpCls) params.corp_cls = corpCls;
        const answer = await request("list.json", params, read);
        if (answer.kind !== "data") return; // 013: nothing filed in the window
        // Filings arriving while we page can add pages; the latest count wins.
        totalPage = answer.value.total_page;
        yield {
          pageNo,
          totalPage,
          totalCount: answer.value.total_count,
          rows: answer.value.list,
        };
      }
    },

    async corpCodes() {
      const answer = await request("corpCode.xml", {}, readZip("corpCode.xml", listedCompaniesFromCorpCodeZip));
      return answer.kind === "data" ? answer.value : [];
    },

    async company(corpCode) {
      const answer = await request(
        "company.json",
        { corp_code: corpCode },
        readJson("company.json", companyBodySchema),
      );
      if (answer.kind !== "data") return null;
      const c = answer.value;
      return {
        corpCode,
        corpName: c.corp_name.trim(),
        corpNameEng: c.corp_name_eng?.trim() ?? "",
        stockCode: c.stock_code?.trim() || null,
        corpCls: asCorpCls(c.corp_cls),
        indutyCode: c.induty_code?.trim() || null,
      };
    },

    async documentText(rcptNo) {
      const answer = await request(
        "document.xml",
        { rcept_no: rcptNo },
        readZip("document.xml", (zip) => documentTextFromZip(zip, maxDocumentChars)),
      );
      if (answer.kind !== "data") return { status: "no_file" };
      return { status: "ok", ...answer.value };
    },

    async structuredRecord(api, { rcptNo, corpCode, rceptDt, eventDays }) {
      // DS005 filters on the event's original receipt day: a correction's record is filed under it.
      const day = (iso: string) => iso.replace(/-/g, "");
      const endpoint = `${api}.json`;
      const answer = await request(
        endpoint,
        { corp_code: corpCode, bgn_de: day(eventDays?.from ?? rceptDt), end_de: day(eventDays?.to ?? rceptDt) },
        readJson(endpoint, structuredBodySchema),
      );
      const row = answer.kind === "data" ? answer.value.list.find((r) => r.rcept_no === rcptNo) : undefined;
      return row ? { status: "ok", api, fields: row } : { status: "no_data", api };
    },
  };
}

/** 000 → null (read the data); 013 no data; 014 no file; anything else is an error. */
function answerForStatus<T>(endpoint: string, body: unknown): Answer<T> | null {
  const parsed = statusBodySchema.safeParse(body);
  if (!parsed.success) throw new DartError("malformed", `OpenDART ${endpoint} body has no status`, { retryable: true });
  const { status, message = "" } = parsed.data;
  if (status === "000") return null;
  if (status === "013") return { kind: "no_data" };
  if (status === "014") return { kind: "no_file" };
  throw errorForStatus(status, message);
}

function parseJson(endpoint: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decodeDartText(bytes));
  } catch {
    throw new DartError("malformed", `OpenDART ${endpoint} body is not JSON`, { retryable: true });
  }
}

/** The `<result><status/><message/></result>` body a ZIP endpoint sends instead of a ZIP. */
function parseStatusBody(endpoint: string, bytes: Uint8Array): unknown {
  const text = decodeDartText(bytes).trim();
  if (text.startsWith("{")) return parseJson(endpoint, bytes);
  try {
    return (xmlStatusParser.parse(text) as { result?: unknown }).result;
  } catch {
    throw new DartError("malformed", `OpenDART ${endpoint} body is neither a ZIP nor a status`, { retryable: true });
  }
}

function asCorpCls(value: string | null | undefined): DartCorpCls | null {
  const v = value?.trim();
  return v === "Y" || v === "K" || v === "N" || v === "E" ? v : null;
}

/** Exponential backoff with "equal jitter": half the step fixed, half random. */
function backoffDelay(attempt: number, baseMs: number): number {
  const step = Math.min(BACKOFF_MAX_MS, baseMs * 2 ** attempt);
  return Math.round(step / 2 + Math.random() * (step / 2));
}

function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? err.message;
}
