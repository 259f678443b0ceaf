/**
 * GET /v1/stream and GET /v1/freshness through the real route handlers over the app's database:
 * events of new filings as they are stored; a reconnect with Last-Event-ID misses nothing stored
 * in between; heartbeats on an idle stream; freshness figures from what was stored and delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as stream from "@/app/v1/stream/route";
import * as freshnessRoute from "@/app/v1/freshness/route";
import { filingStream } from "@/lib/alerts/stream";
import { getDb } from "@/lib/database";
import { storeFilings } from "@/lib/filing-store";
import type { DartListRow } from "@/lib/dart";
import { useFreshAppDatabase } from "../support/app";

let close: () => Promise<void>;
beforeAll(async () => {
  close = await useFreshAppDatabase();
}, 60_000);
afterAll(async () => close());

const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
const row = (n: number): DartListRow => ({
  rcept_no: `${day}${String(900000 + n)}`,
  rcept_dt: day,
  corp_code: "00126380",
  corp_name: "삼성전자",
  stock_code: "005930",
  report_nm: "단일판매ㆍ공급계약체결",
});

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Reads events from an SSE body until `until` says enough; then cancels the body. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  until: (events: SseEvent[]) => boolean,
): Promise<SseEvent[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) event.comment = line.slice(1).trim();
          else {
            const [field, ...rest] = line.split(":");
            const value = rest.join(":").trimStart();
            if (field === "id" || field === "event" || field === "data") event[field] = value;
          }
        }
        events.push(event);
      }
    }
  } finally {
    await reader.cancel();
  }
  return events;
}

const filingsOf = (events: SseEvent[]) => events.filter((e) => e.event === "filing");
const open = (headers: Record<string, string> = {}) =>
  stream.GET(new Request("http://localhost/v1/stream", { headers }), { params: Promise.resolve({}) });

describe("/v1/stream", () => {
  it("sends new filings with their labels, and a reconnect with Last-Event-ID gets exactly what it missed", async () => {
    const response = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const db = await getDb();
    const reading = readEvents(response.body!, (events) => filingsOf(events).length >= 2);
    await storeFilings(db, [row(1), row(2)]);
    const first = filingsOf(await reading);
    expect(first.map((e) => JSON.parse(e.data!).rcptNo)).toEqual([row(1).rcept_no, row(2).rcept_no]);
    expect(JSON.parse(first[0].data!)).toMatchObject({ ticker: "005930", eventType: "SUPPLY_CONTRACT_SIGNED" });
    const lastId = first.at(-1)!.id!;

    // Stored while nobody was connected.
    await storeFilings(db, [row(3), row(4), row(5)]);
    const resumed = await open({ "Last-Event-ID": lastId });
    const missed = filingsOf(await readEvents(resumed.body!, (events) => filingsOf(events).length >= 3));
    expect(missed.map((e) => JSON.parse(e.data!).rcptNo)).toEqual([row(3), row(4), row(5)].map((r) => r.rcept_no));
    expect(missed.map((e) => Number(e.id))).toEqual([1, 2, 3].map((i) => Number(lastId) + i));

    const bad = await open({ "Last-Event-ID": "abc" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details[0].field).toBe("Last-Event-ID");
  });

  it("sends a heartbeat on an idle stream", async () => {
    const controller = new AbortController();
    const body = await filingStream(await getDb(), { pollMs: 10, heartbeatMs: 30, signal: controller.signal });
    const events = await readEvents(body, (e) => e.some((x) => x.comment === "heartbeat"));
    controller.abort();
    expect(events.some((e) => e.comment === "heartbeat")).toBe(true);
    expect(filingsOf(events)).toEqual([]);
  });
});

describe("/v1/freshness", () => {
  it("publishes the last poll, the ingest lag over the newest filings and delivery percentiles", async () => {
    const response = await freshnessRoute.GET(new Request("http://localhost/v1/freshness"), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ mode: "snapshot", alertDeliverySeconds: { p50: null, p95: null, count: 0 } });
    expect(body.ingestLagSeconds.count).toBe(200);
    expect(body.ingestLagSeconds.p50).toBeGreaterThan(0);
    expect(body.ingestLagSeconds.p95).toBeGreaterThanOrEqual(body.ingestLagSeconds.p50);
  });
});
