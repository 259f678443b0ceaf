import { afterEach, beforeEach, expect, it } from "vitest";
import { countFilings, getIngestState } from "@/db/queries";
import { filings } from "@/db/schema";
import { backfill, backfillJob, type BackfillProgress } from "@/lib/ingest";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { recordedFilingsByDay, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

const recorded = recordedFilingsByDay();
const week = Object.entries(recorded)
  .filter(([day]) => day >= "20260709" && day <= "20260716")
  .flatMap(([, rows]) => rows);

let server: FakeDartServer;
beforeEach(async () => {
  server = await startFakeDartServer();
});
afterEach(() => server.close());

describeEachDatabase("backfill", (db) => {
  it("loads a week day by day, one list.json window per day, and is safe to rerun", async () => {
    const clock = settableClock("2026-08-01T12:00:00+09:00");
    const progress: BackfillProgress[] = [];
    const summary = await backfill(db(), recordingClient(server), {
      from: "2026-07-09",
      to: "2026-07-16",
      onProgress: (p) => progress.push(p),
      clock,
    });
    expect(summary).toMatchObject({
      days: 8,
      daysDone: 8,
      status: "completed",
      fetched: week.length,
      inserted: week.length,
      updated: 0,
    });
    expect(progress.map((p) => [p.day, p.daysDone, p.totalDays])).toEqual(
      ["09", "10", "11", "12", "13", "14", "15", "16"].map((d, i) => [`2026-07-${d}`, i + 1, 8]),
    );
    expect(server.requestsTo("list.json").every((r) => r.params.bgn_de === r.params.end_de)).toBe(true);
    expect(await countFilings(db())).toBe(week.length);

    // Backfilled filings are not "recent": their feed time is the end of their receipt day.
    const [row] = await db().select().from(filings).limit(1);
    expect(row.feedAt.getTime()).toBeLessThan(clock.now().getTime());

    // A finished range is checkpointed: running it again asks DART nothing and adds nothing.
    const calls = server.requestsTo("list.json").length;
    const again = await backfill(db(), recordingClient(server), { from: "2026-07-09", to: "2026-07-16", clock });
    expect(again).toMatchObject({ status: "completed", daysDone: 8, fetched: 0, inserted: 0 });
    expect(server.requestsTo("list.json")).toHaveLength(calls);
    expect(await countFilings(db())).toBe(week.length);
    expect(await getIngestState(db(), backfillJob("2026-07-09", "2026-07-16"))).toMatchObject({
      watermark: "2026-07-16",
      quotaDay: "2026-08-01",
      quotaCalls: calls,
    });

    // Loading the same days again under another range stores nothing twice.
    const overlap = await backfill(db(), recordingClient(server), { from: "2026-07-12", to: "2026-07-16", clock });
    expect(overlap).toMatchObject({ status: "completed", inserted: 0, updated: 0 });
    expect(await countFilings(db())).toBe(week.length);
    // The poller's watermark is its own business.
    expect(await getIngestState(db(), "filings")).toBeUndefined();
  });

  it("resumes after an interruption from the day after the last one committed, adding no row twice", async () => {
    const clock = settableClock("2026-08-01T12:00:00+09:00");
    const range = { from: "2026-07-09", to: "2026-07-16", clock };
    // DART refuses the 13th (a non-retryable answer): the run dies there, its earlier days committed.
    let failedAt = "";
    const interrupted = backfill(db(), recordingClient(server), {
      ...range,
      onProgress: (p) => {
        if (p.day === "2026-07-12") server.inject({ kind: "http", code: 400, endpoint: "list.json", times: 1 });
      },
    }).catch((err: Error) => (failedAt = err.message));
    await interrupted;
    expect(failedAt).toMatch(/HTTP 400/);
    const checkpoint = await getIngestState(db(), backfillJob(range.from, range.to));
    expect(checkpoint?.watermark).toBe("2026-07-12");
    const stored = await countFilings(db());
    const upTo12 = Object.entries(recorded)
      .filter(([day]) => day >= "20260709" && day <= "20260712")
      .flatMap(([, rows]) => rows).length;
    expect(stored).toBe(upTo12);

    const before = server.requestsTo("list.json").length;
    const resumed = await backfill(db(), recordingClient(server), range);
    expect(resumed).toMatchObject({ status: "completed", daysDone: 8, inserted: week.length - upTo12 });
    const asked = server.requestsTo("list.json").slice(before);
    expect(asked[0].params.bgn_de).toBe("20260713");
    expect(asked.every((r) => r.params.bgn_de >= "20260713")).toBe(true);
    expect(await countFilings(db())).toBe(week.length);
  });

  it("keeps within its daily share of the quota: pauses there, and goes on the next KST day", async () => {
    const clock = settableClock("2026-08-01T12:00:00+09:00");
    const range = { from: "2026-07-09", to: "2026-07-16", clock, dailyCalls: 3 };
    const first = await backfill(db(), recordingClient(server), range);
    expect(first).toMatchObject({ status: "paused", reason: "quota" });
    expect(server.requestsTo("list.json")).toHaveLength(3);
    const job = backfillJob(range.from, range.to);
    expect(await getIngestState(db(), job)).toMatchObject({ quotaDay: "2026-08-01", quotaCalls: 3, errorCode: "020" });

    // The same KST day: the share is spent, so nothing is asked.
    const sameDay = await backfill(db(), recordingClient(server), range);
    expect(sameDay).toMatchObject({ status: "paused", reason: "quota", resumeAt: first.resumeAt, fetched: 0 });
    expect(server.requestsTo("list.json")).toHaveLength(3);

    // After KST midnight the share is new; with enough of it the range completes.
    clock.set("2026-08-02T00:00:01+09:00");
    const next = await backfill(db(), recordingClient(server), { ...range, dailyCalls: 1000 });
    expect(next).toMatchObject({ status: "completed", daysDone: 8 });
    expect(await countFilings(db())).toBe(week.length);
    expect(await getIngestState(db(), job)).toMatchObject({ watermark: "2026-07-16", errorCode: null });
  });

  it("stops at its time budget before a day, resumably (a cron chunk)", async () => {
    const clock = settableClock("2026-08-01T12:00:00+09:00");
    const chunk = await backfill(db(), recordingClient(server), {
      from: "2026-07-09",
      to: "2026-07-16",
      clock,
      budgetMs: 0,
    });
    expect(chunk).toMatchObject({ status: "paused", reason: "budget", daysDone: 0, resumeAt: "2026-07-09" });
  });

  it("rejects a reversed or malformed window", async () => {
    const client = recordingClient(server);
    await expect(backfill(db(), client, { from: "2026-07-16", to: "2026-07-09" })).rejects.toThrow(RangeError);
    await expect(backfill(db(), client, { from: "20260709", to: "2026-07-16" })).rejects.toThrow(RangeError);
  });
});
