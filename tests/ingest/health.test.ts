import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import { snapshotClock } from "@/lib/clock";
import { getIngestHealth, runPollCycle } from "@/lib/ingest";
import { OFFLINE_GENERATOR_ID } from "@/lib/summaries";
import { useFreshAppDatabase } from "../support/app";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

let server: FakeDartServer;
beforeAll(async () => {
  server = await startFakeDartServer();
});
afterAll(() => server.close());

describeEachDatabase("getIngestHealth", (db) => {
  it("reports a live service that has never polled as degraded", async () => {
    const health = await getIngestHealth(db(), settableClock("2022-01-03T15:00:00+09:00"));
    expect(health).toMatchObject({ status: "degraded", mode: "live", database: { reachable: true }, filings: null });
  });

  it("reports the last poll, its rows and the lag", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    await runPollCycle(db(), recordingClient(server), clock);
    clock.advance(42_000);
    const health = await getIngestHealth(db(), clock);
    expect(health).toMatchObject({
      status: "ok",
      filings: {
        lastSuccessAt: "2022-01-03T06:00:00.000Z",
        lagSeconds: 42,
        lastCycleRows: 502,
        watermark: "2022-01-02",
        error: null,
      },
    });
  });

  it("surfaces DART's error state without the key", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    const wrongKey = "wrong0key0000000000000000000000000000040";
    await runPollCycle(db(), recordingClient(server, { apiKey: wrongKey }), clock).catch(() => undefined);
    const health = await getIngestHealth(db(), clock);
    expect(health.status).toBe("degraded");
    expect(health.filings?.error).toMatchObject({ code: "010" });
    expect(health.filings?.pausedUntil).not.toBeNull();
    expect(JSON.stringify(health)).not.toContain(wrongKey);
  });

  it("is ok in snapshot mode, where nothing is ingested", async () => {
    const health = await getIngestHealth(db(), snapshotClock("2026-07-16"));
    expect(health).toMatchObject({ status: "ok", mode: "snapshot", snapshotAsOf: "2026-07-16" });
  });
});

describe("getIngestHealth without a database", () => {
  it("reports down", async () => {
    const health = await getIngestHealth(null, snapshotClock("2026-07-16"));
    expect(health).toMatchObject({ status: "down", database: { reachable: false } });
  });
});

describe("GET /api/health", () => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    cleanup = await useFreshAppDatabase();
  });
  afterAll(() => cleanup());

  it("answers the health JSON, uncached, with a place for the summary generator", async () => {
    const response = await healthRoute(new Request("http://localhost/api/health"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", mode: "snapshot", database: { reachable: true } });
    expect(body.summaries).toMatchObject({ generator: { kind: "offline", modelId: OFFLINE_GENERATOR_ID } });
  });
});
