import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDartClient, DartError, type DartListPage } from "@/lib/dart";
import { recordingClient } from "../support/dart-test-kit";
import { recordedFilingsByDay, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

let server: FakeDartServer;
const recorded = recordedFilingsByDay();

beforeAll(async () => {
  server = await startFakeDartServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.clearFaults();
  server.requests.length = 0;
});

async function collect(pages: AsyncIterable<DartListPage>): Promise<DartListPage[]> {
  const out: DartListPage[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

async function failure(promise: Promise<unknown>): Promise<DartError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DartError);
  // Whatever went wrong, the key is never part of what is reported.
  expect(String((err as Error).message)).not.toContain(server.apiKey);
  expect(JSON.stringify(err)).not.toContain(server.apiKey);
  return err as DartError;
}

describe("listFilings", () => {
  it("pages through a real day (581 rows, 6 pages of 100) in DART's order", async () => {
    const pages = await collect(recordingClient(server).listFilings({ bgnDe: "20200103", endDe: "20200103" }));
    expect(pages.map((p) => [p.pageNo, p.totalPage, p.totalCount, p.rows.length])).toEqual([
      [1, 6, 581, 100],
      [2, 6, 581, 100],
      [3, 6, 581, 100],
      [4, 6, 581, 100],
      [5, 6, 581, 100],
      [6, 6, 581, 81],
    ]);
    expect(pages.flatMap((p) => p.rows)).toEqual(recorded["20200103"]);
    const params = server.requestsTo("list.json").map((r) => r.params);
    expect(params[0]).toMatchObject({ bgn_de: "20200103", end_de: "20200103", page_no: "1", page_count: "100" });
    expect(params.map((p) => p.page_no)).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("passes corp_cls through", async () => {
    await collect(recordingClient(server).listFilings({ bgnDe: "20200103", endDe: "20200103", corpCls: "Y" }));
    expect(server.requestsTo("list.json")[0].params.corp_cls).toBe("Y");
  });

  it("treats status 013 as an empty window, not an error", async () => {
    const client = recordingClient(server);
    expect(await collect(client.listFilings({ bgnDe: "20100101", endDe: "20100102" }))).toEqual([]);
    expect(client.sleeps).toEqual([]);
  });

  it("covers a multi-day window newest day first", async () => {
    const pages = await collect(recordingClient(server).listFilings({ bgnDe: "20260709", endDe: "20260710" }));
    const rows = pages.flatMap((p) => p.rows);
    expect(rows).toHaveLength(recorded["20260709"].length + recorded["20260710"].length);
    expect(rows[0]).toEqual(recorded["20260710"][0]);
  });
});

describe("status and failure handling", () => {
  it("backs off exponentially with jitter on 020 and then reports the quota", async () => {
    server.inject({ endpoint: "list.json", kind: "status", status: "020", times: Infinity });
    const client = recordingClient(server, { maxRetries: 4 });
    const err = await failure(collect(client.listFilings({ bgnDe: "20200103", endDe: "20200103" })));
    expect(err.kind).toBe("quota");
    expect(err.status).toBe("020");
    expect(server.requestsTo("list.json")).toHaveLength(5);
    expect(client.sleeps).toHaveLength(4);
    client.sleeps.forEach((ms, attempt) => {
      const step = 2_000 * 2 ** attempt;
      expect(ms).toBeGreaterThanOrEqual(step / 2);
      expect(ms).toBeLessThanOrEqual(step);
    });
  });

  it("recovers when 020 clears within the retries", async () => {
    server.inject({ endpoint: "list.json", kind: "status", status: "020", times: 2 });
    const client = recordingClient(server);
    const pages = await collect(client.listFilings({ bgnDe: "20220103", endDe: "20220103" }));
    expect(pages.flatMap((p) => p.rows)).toHaveLength(502);
    expect(client.sleeps).toHaveLength(2);
  });

  it("surfaces maintenance (800) at once for the caller to pause", async () => {
    server.inject({ endpoint: "list.json", kind: "status", status: "800" });
    const client = recordingClient(server);
    const err = await failure(collect(client.listFilings({ bgnDe: "20200103", endDe: "20200103" })));
    expect([err.kind, err.status, err.retryable]).toEqual(["maintenance", "800", false]);
    expect(server.requestsTo("list.json")).toHaveLength(1);
    expect(client.sleeps).toEqual([]);
  });

  it.each(["010", "011", "012", "901"])("does not retry configuration error %s", async (status) => {
    server.inject({ kind: "status", status });
    const client = recordingClient(server);
    const err = await failure(client.company("00126380"));
    expect([err.kind, err.status]).toEqual(["config", status]);
    expect(server.requests).toHaveLength(1);
    expect(client.sleeps).toEqual([]);
  });

  it("reports a wrong key as a configuration error without echoing it", async () => {
    const wrongKey = "wrong0key0000000000000000000000000000040";
    const client = recordingClient(server, { apiKey: wrongKey });
    const err = await failure(collect(client.listFilings({ bgnDe: "20200103", endDe: "20200103" })));
    expect([err.kind, err.status]).toEqual(["config", "010"]);
    expect(err.message).not.toContain(wrongKey);
    expect(server.requests).toHaveLength(1);
  });

  it("makes no request without a key", async () => {
    const client = createDartClient({ baseUrl: server.baseUrl, apiKey: "" });
    expect(client.hasApiKey).toBe(false);
    expect((await failure(client.corpCodes())).kind).toBe("config");
    expect(server.requests).toHaveLength(0);
  });

  it("does not retry a request DART calls invalid (100)", async () => {
    server.inject({ kind: "status", status: "100" });
    const client = recordingClient(server);
    const err = await failure(client.company("00126380"));
    expect([err.kind, err.status, client.sleeps.length]).toEqual(["api", "100", 0]);
  });

  it.each([
    ["a malformed body", { kind: "malformed" as const }],
    ["HTTP 500", { kind: "http" as const, code: 500 }],
    ["a dropped connection", { kind: "drop" as const }],
    ["a response slower than the timeout", { kind: "slow" as const, delayMs: 2_500 }],
  ])("retries %s and succeeds", async (_, action) => {
    server.inject({ endpoint: "list.json", page: 2, ...action });
    const client = recordingClient(server, { timeoutMs: 1_000 });
    const pages = await collect(client.listFilings({ bgnDe: "20220103", endDe: "20220103" }));
    expect(pages.flatMap((p) => p.rows)).toEqual(recorded["20220103"]);
    expect(client.sleeps).toHaveLength(1);
    expect(server.requestsTo("list.json").map((r) => r.params.page_no)).toEqual(["1", "2", "2", "3", "4", "5", "6"]);
  });

  it.each([
    ["malformed", { kind: "malformed" as const }],
    ["http", { kind: "http" as const, code: 503 }],
    ["http", { kind: "drop" as const }],
    ["timeout", { kind: "slow" as const, delayMs: 2_000 }],
  ])("gives up with a %s error after the bounded retries", async (kind, action) => {
    server.inject({ endpoint: "list.json", page: 3, times: Infinity, ...action });
    const client = recordingClient(server, { timeoutMs: 800, maxRetries: 2 });
    const pages: DartListPage[] = [];
    const err = await failure(
      (async () => {
        for await (const page of client.listFilings({ bgnDe: "20220103", endDe: "20220103" })) pages.push(page);
      })(),
    );
    expect(err.kind).toBe(kind);
    expect(pages.map((p) => p.pageNo)).toEqual([1, 2]);
    expect(server.requestsTo("list.json").filter((r) => r.params.page_no === "3")).toHaveLength(3);
    expect(client.sleeps).toHaveLength(2);
  });

  it("does not retry an HTTP 404 (a wrong base URL will not fix itself)", async () => {
    const client = recordingClient(server, { baseUrl: server.baseUrl.replace(/\/api$/, "/nowhere") });
    const err = await failure(client.company("00126380"));
    expect([err.kind, err.details.httpStatus, client.sleeps.length]).toEqual(["http", 404, 0]);
  });
});

describe("corpCodes", () => {
  it("reads the real directory ZIP: listed companies with English names", async () => {
    const entries = await recordingClient(server).corpCodes();
    expect(entries).toHaveLength(3974);
    expect(entries.filter((e) => e.corpEngName)).toHaveLength(3971);
    expect(entries.find((e) => e.stockCode === "005930")).toEqual({
      corpCode: "00126380",
      corpName: "삼성전자",
      corpEngName: "SAMSUNG ELECTRONICS CO,.LTD",
      stockCode: "005930",
      modifyDate: expect.stringMatching(/^\d{8}$/),
    });
  });

  it("keeps only entries with a stock code (unlisted issuers carry a single space)", async () => {
    // Constructed: two real-format entries, one unlisted, as in the full 100k directory.
    const own = await startFakeDartServer();
    try {
      own.setCorpCodeXml(`<?xml version="1.0" encoding="UTF-8"?>
<result>
  <list><corp_code>00434003</corp_code><corp_name>다코</corp_name><corp_eng_name>Daco corporation</corp_eng_name><stock_code> </stock_code><modify_date>20170630</modify_date></list>
  <list><corp_code>00126380</corp_code><corp_name>삼성전자</corp_name><corp_eng_name>SAMSUNG ELECTRONICS CO,.LTD</corp_eng_name><stock_code>005930</stock_code><modify_date>20250312</modify_date></list>
</result>`);
      const entries = await recordingClient(own).corpCodes();
      expect(entries.map((e) => e.stockCode)).toEqual(["005930"]);
    } finally {
      await own.close();
    }
  });

  it("reads a DART error body in place of the ZIP", async () => {
    server.inject({ endpoint: "corpCode.xml", kind: "status", status: "020", times: Infinity });
    const client = recordingClient(server, { maxRetries: 1 });
    expect((await failure(client.corpCodes())).kind).toBe("quota");
  });
});

describe("company", () => {
  it("reads company.json, and null for a company DART does not know (013)", async () => {
    // Constructed answer in company.json's field layout.
    server.setCompany("00126380", {
      corp_name: "삼성전자(주)",
      corp_name_eng: "SAMSUNG ELECTRONICS CO,.LTD ",
      stock_code: "005930",
      corp_cls: "Y",
      induty_code: "264",
    });
    const client = recordingClient(server);
    expect(await client.company("00126380")).toEqual({
      corpCode: "00126380",
      corpName: "삼성전자(주)",
      corpNameEng: "SAMSUNG ELECTRONICS CO,.LTD",
      stockCode: "005930",
      corpCls: "Y",
      indutyCode: "264",
    });
    expect(await client.company("99999999")).toBeNull();
  });
});
