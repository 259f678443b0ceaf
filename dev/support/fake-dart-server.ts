/**
 * A local OpenDART on 127.0.0.1 (ephemeral port) that replays real recorded data in DART's
 * formats: list.json pages in the exact envelope, corpCode.xml and document.xml as ZIPs,
 * company.json, and the DS005 major-event APIs (e.g. cvbdIsDecsn.json: the real record of
 * 20260910000549, asked by corp_code and receipt-day window as DART answers it). Error bodies follow DART: HTTP 200 with a `status` (JSON for .json endpoints,
 * a small XML for the ZIP endpoints). Faults can be injected per endpoint and page.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { zipSync } from "fflate";
import type { DartListRow } from "@/lib/dart";

export type Endpoint = "list.json" | "corpCode.xml" | "company.json" | "document.xml" | `${string}.json`;

export type FaultAction =
  /** Answer with this DART status (013, 020, 800, 010, ...). */
  | { kind: "status"; status: string }
  /** HTTP 200 with a body that is not JSON. */
  | { kind: "malformed" }
  /** Close the connection without answering. */
  | { kind: "drop" }
  /** Answer normally, after a delay. */
  | { kind: "slow"; delayMs: number }
  /** Answer with this HTTP status. */
  | { kind: "http"; code: number };

export type Fault = FaultAction & {
  endpoint?: Endpoint;
  /** list.json page_no this fault applies to; any page when absent. */
  page?: number;
  /** How many matching requests fail; default 1. */
  times?: number;
};

export interface RecordedRequest {
  endpoint: string;
  /** Query parameters, the key left out. */
  params: Record<string, string>;
}

export interface CompanyBody {
  corp_name: string;
  corp_name_eng: string;
  stock_code: string;
  corp_cls: string;
  induty_code?: string;
}

export interface FakeDartServer {
  /** What DART_API_BASE_URL would be: http://127.0.0.1:PORT/api */
  readonly baseUrl: string;
  /** The one key the server accepts (40 characters, like a real one). */
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Replaces a day's list (newest first), as list.json for that receipt date returns it. */
  setFilings(day: string, rows: DartListRow[]): void;
  /** New filings at the top of a day's list, as DART shows them when they arrive. */
  addFilings(day: string, rows: DartListRow[]): void;
  setCorpCodeXml(xml: string | Uint8Array): void;
  setDocument(rcptNo: string, zip: Uint8Array): void;
  setCompany(corpCode: string, body: CompanyBody): void;
  /**
   * Adds a DS005 record (DART's field names and values) to `api` (e.g. "cvbdIsDecsn"). As DART
   * does, the record is found by its event's ORIGINAL receipt day (`eventDay`, YYYYMMDD; default
   * the day of its own rcept_no) while carrying the newest version's receipt number.
   */
  addStructured(api: string, record: Record<string, string>, options?: { eventDay?: string }): void;
  inject(fault: Fault): void;
  clearFaults(): void;
  requestsTo(endpoint: Endpoint): RecordedRequest[];
  close(): Promise<void>;
}

const FIXTURES = new URL("../../tests/fixtures/dart/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

/** The real recorded rows by list.json query day (YYYYMMDD), each day newest first. */
export function recordedFilingsByDay(): Record<string, DartListRow[]> {
  return JSON.parse(fixture("filings_by_day.json").toString("utf8"));
}

export const REAL_DOCUMENT_RCPT_NO = "20220816001711";

/**
 * SYNTHETIC filings for scale runs: `perDay` rows on each weekday from `from` to `to`, each the
 * real title (with its remark) of one recorded filing paired with the real company of another,
 * so titles follow the recorded distribution and companies the recorded directory. Receipt
 * numbers are the day, then `7` (a series DART does not use), then a 5-digit sequence: they
 * never collide with a real one. Each day newest first, as list.json answers.
 */
export function syntheticFilingsByDay(from: string, to: string, perDay: number): Record<string, DartListRow[]> {
  const templates = Object.values(recordedFilingsByDay()).flat();
  const byDay: Record<string, DartListRow[]> = {};
  let i = 0;
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    const date = new Date(at);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const day = date.toISOString().slice(0, 10).replaceAll("-", "");
    const rows: DartListRow[] = [];
    for (let n = perDay - 1; n >= 0; n--, i++) {
      const title = templates[(i * 7919) % templates.length];
      const company = templates[(i * 104_729 + 13) % templates.length];
      rows.push({
        ...company,
        report_nm: title.report_nm,
        rm: title.rm,
        flr_nm: company.corp_name,
        rcept_no: `${day}7${String(n).padStart(5, "0")}`,
        rcept_dt: day,
      });
    }
    byDay[day] = rows;
  }
  return byDay;
}

/** The real DS005 record served by default: the convertible-bond decision 20260910000549 of CSA 코스믹. */
export const REAL_STRUCTURED_RCPT_NO = "20260910000549";
export function realStructuredRecord(): Record<string, string> {
  return (JSON.parse(fixture("cvbdIsDecsn_20260910000549.json").toString("utf8")) as { list: Record<string, string>[] })
    .list[0];
}

/**
 * A corpCode.xml the size of DART's full directory: the real listed entries, then unlisted
 * ones (stock_code a single space, as DART sends them) made from them under fresh corp codes.
 */
export function fullSizeCorpCodeXml(total = 100_000): string {
  const listed = [
    ...fixture("CORPCODE_listed_20260630.xml")
      .toString("utf8")
      .matchAll(/<list>[\s\S]*?<\/list>/g),
  ].map((m) => m[0]);
  const unlisted = Array.from({ length: total - listed.length }, (_, i) =>
    listed[i % listed.length]
      .replace(/<corp_code>\d+</, `<corp_code>9${String(i).padStart(7, "0")}<`)
      .replace(/<stock_code>\w+</, "<stock_code> <"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<result>\n${[...listed, ...unlisted].join("\n")}\n</result>\n`;
}

const STATUS_MESSAGES: Record<string, string> = {
  "010": "등록되지 않은 키입니다.",
  "011": "사용할 수 없는 키입니다.",
  "012": "접근할 수 없는 IP입니다.",
  "013": "조회된 데이타가 없습니다.",
  "014": "파일이 존재하지 않습니다.",
  "020": "요청 제한을 초과하였습니다.",
  "100": "필드의 부적절한 값입니다.",
  "800": "시스템 점검으로 인한 서비스가 중지 중입니다.",
  "900": "정의되지 않은 오류가 발생하였습니다.",
  "901": "사용자 계정의 개인정보 보유기간이 만료되어 사용할 수 없는 키입니다.",
};

export async function startFakeDartServer(
  options: { apiKey?: string; filingsByDay?: Record<string, DartListRow[]> } = {},
): Promise<FakeDartServer> {
  const apiKey = options.apiKey ?? "fake0dart0key000000000000000000000000040";
  const filings = new Map(Object.entries(options.filingsByDay ?? recordedFilingsByDay()));
  const documents = new Map<string, Uint8Array>([[REAL_DOCUMENT_RCPT_NO, fixture("document_20220816001711.zip")]]);
  const companies = new Map<string, CompanyBody>();
  const structured = new Map<string, { record: Record<string, string>; eventDay: string }[]>([
    ["cvbdIsDecsn", [{ record: realStructuredRecord(), eventDay: realStructuredRecord().rcept_no.slice(0, 8) }]],
  ]);
  const faults: Array<Fault & { remaining: number }> = [];
  const requests: RecordedRequest[] = [];
  let corpCodeZip = zipCorpCode(fixture("CORPCODE_listed_20260630.xml"));

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500).end(err.message);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const endpoint = url.pathname.replace(/^\/api\//, "");
    const { crtfc_key: key, ...params } = Object.fromEntries(url.searchParams);
    requests.push({ endpoint, params });

    const fault = takeFault(endpoint, Number(params.page_no ?? 1));
    if (fault?.kind === "drop") {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === "slow") await delay(fault.delayMs, res);
    if (res.destroyed) return;
    if (fault?.kind === "http") return void res.writeHead(fault.code, { "Content-Type": "text/plain" }).end("error");
    if (fault?.kind === "malformed")
      return void res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"000","list":[');
    if (fault?.kind === "status") return sendStatus(res, endpoint, fault.status);
    if (key !== apiKey) return sendStatus(res, endpoint, "010");

    switch (endpoint) {
      case "list.json":
        return sendList(res, params);
      case "corpCode.xml":
        return sendZip(res, corpCodeZip);
      case "document.xml": {
        const zip = documents.get(params.rcept_no ?? "");
        return zip ? sendZip(res, zip) : sendStatus(res, endpoint, "014");
      }
      case "company.json": {
        const company = companies.get(params.corp_code ?? "");
        return company
          ? sendJson(res, { status: "000", message: "정상", corp_code: params.corp_code, ...company })
          : sendStatus(res, endpoint, "013");
      }
      default: {
        const records = structured.get(endpoint.replace(/\.json$/, ""));
        if (!records) return void res.writeHead(404).end();
        const list = records
          .filter(
            ({ record, eventDay }) =>
              record.corp_code === params.corp_code &&
              eventDay >= (params.bgn_de ?? "") &&
              eventDay <= (params.end_de ?? ""),
          )
          .map(({ record }) => record);
        return list.length > 0
          ? sendJson(res, { status: "000", message: "정상", list })
          : sendStatus(res, endpoint, "013");
      }
    }
  }

  function takeFault(endpoint: string, page: number): FaultAction | undefined {
    const index = faults.findIndex(
      (f) => (!f.endpoint || f.endpoint === endpoint) && (f.page === undefined || f.page === page),
    );
    if (index < 0) return undefined;
    const fault = faults[index];
    if (--fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }

  function sendList(res: ServerResponse, params: Record<string, string>): void {
    const bgn = params.bgn_de ?? "";
    const end = params.end_de ?? bgn;
    const pageNo = Math.max(1, Number(params.page_no ?? 1));
    const pageCount = Math.min(100, Math.max(1, Number(params.page_count ?? 10)));
    const rows = [...filings.keys()]
      .filter((day) => day >= bgn && day <= end)
      .sort()
      .reverse()
      .flatMap((day) => filings.get(day) ?? []);
    const totalPage = Math.ceil(rows.length / pageCount);
    if (rows.length === 0 || pageNo > totalPage) {
      return void res.writeHead(200, { "Content-Type": "application/json" }).end(fixture("list_status_013.json"));
    }
    sendJson(res, {
      status: "000",
      message: "정상",
      page_no: pageNo,
      page_count: pageCount,
      total_count: rows.length,
      total_page: totalPage,
      list: rows.slice((pageNo - 1) * pageCount, pageNo * pageCount),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    apiKey,
    requests,
    setFilings: (day, rows) => void filings.set(day, [...rows]),
    addFilings: (day, rows) => void filings.set(day, [...rows, ...(filings.get(day) ?? [])]),
    setCorpCodeXml: (xml) => {
      corpCodeZip = zipCorpCode(typeof xml === "string" ? new TextEncoder().encode(xml) : xml);
    },
    setDocument: (rcptNo, zip) => void documents.set(rcptNo, zip),
    setCompany: (corpCode, body) => void companies.set(corpCode, body),
    addStructured: (api, record, { eventDay = record.rcept_no.slice(0, 8) } = {}) =>
      void structured.set(api, [...(structured.get(api) ?? []), { record, eventDay }]),
    inject: (fault) => void faults.push({ ...fault, remaining: fault.times ?? 1 }),
    clearFaults: () => void faults.splice(0),
    requestsTo: (endpoint) => requests.filter((r) => r.endpoint === endpoint),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function zipCorpCode(xml: Uint8Array): Uint8Array {
  return zipSync({ "CORPCODE.xml": xml });
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

function sendZip(res: ServerResponse, zip: Uint8Array): void {
  res.writeHead(200, { "Content-Type": "application/x-msdownload" }).end(Buffer.from(zip));
}

/** DART's error answer: HTTP 200, JSON for .json endpoints, XML for the ZIP endpoints. */
function sendStatus(res: ServerResponse, endpoint: string, status: string): void {
  const message = STATUS_MESSAGES[status] ?? "오류";
  if (endpoint.endsWith(".json")) return sendJson(res, { status, message });
  res
    .writeHead(200, { "Content-Type": "application/xml; charset=utf-8" })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<result><status>${status}</status><message>${message}</message></result>`,
    );
}

/** Waits, or stops waiting when the client gives up. */
function delay(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
