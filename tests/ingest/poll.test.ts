import { isNull, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { countFilings, getIngestState, updateIngestState } from "@/db/queries";
import { filings } from "@/db/schema";
import type { DartListRow } from "@/lib/dart";
import { getIngestHealth, runPollCycle } from "@/lib/ingest";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { recordedFilingsByDay, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

const recorded = recordedFilingsByDay();
const rcptNos = (rows: DartListRow[]) => rows.map((r) => r.rcept_no).sort();

async function storedRcptNos(db: Db): Promise<string[]> {
  const rows = await db.select({ rcptNo: filings.rcptNo }).from(filings).orderBy(filings.rcptNo);
  return rows.map((r) => r.rcptNo);
}

/** Constructed new arrivals: real rows under fresh receipt numbers (no real one starts 7 after the date). */
function arrivals(day: string, count: number): DartListRow[] {
  return recorded["20220103"].slice(0, count).map((row, i) => ({
    ...row,
    rcept_no: `${day}7${String(i).padStart(5, "0")}`,
    rcept_dt: day,
  }));
}

let server: FakeDartServer;
beforeEach(async () => {
  server = await startFakeDartServer();
});
afterEach(() => server.close());

describeEachDatabase("runPollCycle", (db) => {
  it("lands every real row of the day exactly once, unlisted issuers without a ticker", async () => {
    const clock = settableClock("2020-01-03T15:00:00+09:00");
    const summary = await runPollCycle(db(), recordingClient(server), clock);
    expect(summary).toMatchObject({
      status: "completed",
      fetched: 581,
      inserted: 581,
      pages: 6,
      window: { from: "2020-01-03", to: "2020-01-03" },
    });
    expect(await storedRcptNos(db())).toEqual(rcptNos(recorded["20200103"]));
    const unlisted = recorded["20200103"].filter((r) => !r.stock_code?.trim()).length;
    expect(unlisted).toBeGreaterThan(0);
    expect(await db().$count(filings, isNull(filings.ticker))).toBe(unlisted);

    const state = await getIngestState(db(), "filings");
    expect(state).toMatchObject({ watermark: "2020-01-02", lastCycleRows: 581, errorCode: null, pausedUntil: null });
    expect(state?.lastSuccessAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it("never duplicates rows that arrive again, and reads only what is new between full sweeps", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    const client = recordingClient(server);
    await runPollCycle(db(), client, clock);

    clock.advance(30_000);
    expect(await runPollCycle(db(), client, clock)).toMatchObject({ pages: 1, fetched: 100, inserted: 0 });

    server.addFilings("20220103", arrivals("20220103", 150));
    clock.advance(30_000);
    // Two pages of new filings, then a page of known ones ends the read.
    expect(await runPollCycle(db(), client, clock)).toMatchObject({ pages: 3, inserted: 150 });

    clock.set("2022-01-03T15:10:00+09:00"); // a new ten-minute period: the whole day again
    expect(await runPollCycle(db(), client, clock)).toMatchObject({
      pages: 7,
      fetched: 652,
      inserted: 0,
      unchanged: 652,
    });
    expect(await countFilings(db())).toBe(652);
  });

  it("keeps first-seen times when rows reappear", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    await runPollCycle(db(), recordingClient(server), clock);
    const [before] = await db()
      .select()
      .from(filings)
      .where(sql`${filings.rcptNo} = ${recorded["20220103"][0].rcept_no}`);
    clock.set("2022-01-03T16:00:00+09:00");
    await runPollCycle(db(), recordingClient(server), clock);
    const [after] = await db()
      .select()
      .from(filings)
      .where(sql`${filings.rcptNo} = ${before.rcptNo}`);
    expect(after.firstSeenAt.toISOString()).toBe(before.firstSeenAt.toISOString());
    expect(after.feedAt.toISOString()).toBe(before.feedAt.toISOString());
  });

  it("fails the cycle on a failing page without advancing the watermark, and the next cycle completes it", async () => {
    const clock = settableClock("2022-01-04T07:00:00+09:00");
    await updateIngestState(db(), "filings", { watermark: "2022-01-02" });
    server.inject({ endpoint: "list.json", page: 4, kind: "http", code: 500, times: 3 });
    const client = recordingClient(server, { maxRetries: 2 });

    await expect(runPollCycle(db(), client, clock)).rejects.toMatchObject({ kind: "http" });
    const failed = await getIngestState(db(), "filings");
    expect(failed).toMatchObject({ watermark: "2022-01-02", errorCode: "http" });
    expect(await countFilings(db())).toBe(300); // pages 1-3 are committed

    clock.advance(30_000);
    const summary = await runPollCycle(db(), client, clock);
    expect(summary).toMatchObject({ status: "completed", pages: 6, inserted: 202 });
    expect(await storedRcptNos(db())).toEqual(rcptNos(recorded["20220103"]));
    expect(await getIngestState(db(), "filings")).toMatchObject({ watermark: "2022-01-03", errorCode: null });
  });

  it("sweeps everything again after a cycle that never finished (a crash or restart)", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    await runPollCycle(db(), recordingClient(server), clock);
    await db()
      .delete(filings)
      .where(sql`${filings.rcptNo} = ${recorded["20220103"][450].rcept_no}`);
    // A process killed mid-cycle leaves its attempt newer than its last success.
    clock.advance(30_000);
    await updateIngestState(db(), "filings", { lastAttemptAt: clock.now() });
    clock.advance(30_000);

    const restarted = recordingClient(server); // a fresh process: new client, state from the database
    expect(await runPollCycle(db(), restarted, clock)).toMatchObject({ pages: 6, inserted: 1 });
    expect(await storedRcptNos(db())).toEqual(rcptNos(recorded["20220103"]));
  });

  it("polls yesterday with today until 06:00 KST, then closes it and moves the watermark onto it", async () => {
    const clock = settableClock("2026-07-10T03:00:00+09:00");
    await updateIngestState(db(), "filings", { watermark: "2026-07-08" });
    const client = recordingClient(server);

    expect(await runPollCycle(db(), client, clock)).toMatchObject({ window: { from: "2026-07-09", to: "2026-07-10" } });
    expect((await getIngestState(db(), "filings"))?.watermark).toBe("2026-07-08");

    clock.set("2026-07-10T06:00:00+09:00");
    const before = server.requests.length;
    expect(await runPollCycle(db(), client, clock)).toMatchObject({ window: { from: "2026-07-09", to: "2026-07-10" } });
    const windows = server.requests
      .slice(before)
      .map((r) => `${r.params.bgn_de}-${r.params.end_de} p${r.params.page_no}`);
    // Yesterday's closing sweep, every page, then today.
    expect(windows).toEqual([
      "20260709-20260709 p1",
      "20260709-20260709 p2",
      "20260709-20260709 p3",
      "20260710-20260710 p1",
      "20260710-20260710 p2",
      "20260710-20260710 p3",
    ]);
    expect((await getIngestState(db(), "filings"))?.watermark).toBe("2026-07-09");
  });

  it("catches up after an outage one closed day per cycle, never skipping a day", async () => {
    const clock = settableClock("2026-07-09T12:00:00+09:00");
    const client = recordingClient(server);
    await runPollCycle(db(), client, clock);
    expect((await getIngestState(db(), "filings"))?.watermark).toBe("2026-07-08");

    clock.set("2026-07-16T12:00:00+09:00");
    const watermarks: string[] = [];
    for (let cycle = 0; cycle < 8; cycle++) {
      if (cycle === 2) server.inject({ endpoint: "list.json", kind: "status", status: "900", times: 3 });
      await runPollCycle(db(), client, clock).catch(() => undefined);
      watermarks.push((await getIngestState(db(), "filings"))!.watermark!);
      clock.advance(30_000);
    }
    expect(watermarks).toEqual([
      "2026-07-09",
      "2026-07-10",
      "2026-07-10", // the failed cycle holds the watermark
      "2026-07-11",
      "2026-07-12",
      "2026-07-13",
      "2026-07-14",
      "2026-07-15",
    ]);
    const week = Object.entries(recorded).filter(([day]) => day >= "20260709" && day <= "20260716");
    expect(await storedRcptNos(db())).toEqual(rcptNos(week.flatMap(([, rows]) => rows)));
  });

  it("pauses on maintenance (800) for 30 s, doubling with each 800 in a row up to 10 min, and resumes after", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    server.inject({ endpoint: "list.json", kind: "status", status: "800", times: 6 });
    const client = recordingClient(server);
    const pausesSeconds: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      await expect(runPollCycle(db(), client, clock)).rejects.toMatchObject({ kind: "maintenance" });
      const state = await getIngestState(db(), "filings");
      expect(state?.errorCode).toBe("800");
      const pauseMs = state!.pausedUntil!.getTime() - clock.now().getTime();
      pausesSeconds.push(pauseMs / 1000);
      // Health tells when the next try is.
      expect((await getIngestHealth(db(), clock)).filings?.pausedUntil).toBe(state!.pausedUntil!.toISOString());

      clock.advance(pauseMs - 1_000);
      const requests = server.requests.length;
      expect(await runPollCycle(db(), client, clock)).toMatchObject({ status: "paused", pages: 0 });
      expect(server.requests.length).toBe(requests);
      clock.advance(1_000);
    }
    expect(pausesSeconds).toEqual([30, 60, 120, 240, 480, 600]);

    expect(await runPollCycle(db(), client, clock)).toMatchObject({ status: "completed", inserted: 502 });
    expect(await getIngestState(db(), "filings")).toMatchObject({ errorCode: null, pausedUntil: null });

    // The next maintenance window starts from a short pause again.
    server.inject({ endpoint: "list.json", kind: "status", status: "800" });
    clock.advance(30_000);
    await expect(runPollCycle(db(), client, clock)).rejects.toMatchObject({ kind: "maintenance" });
    expect((await getIngestState(db(), "filings"))?.pausedUntil?.getTime()).toBe(clock.now().getTime() + 30_000);
  });

  it("backs off on the request limit (020), then records it and pauses", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    server.inject({ kind: "status", status: "020", times: Infinity });
    const client = recordingClient(server, { maxRetries: 3 });
    await expect(runPollCycle(db(), client, clock)).rejects.toMatchObject({ kind: "quota" });
    expect(client.sleeps).toHaveLength(3);
    expect(client.sleeps[2]).toBeGreaterThan(client.sleeps[0]);
    const state = await getIngestState(db(), "filings");
    expect(state?.errorCode).toBe("020");
    expect(state?.pausedUntil?.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
  });

  it("does not retry a bad key, and records it without the key", async () => {
    const wrongKey = "wrong0key0000000000000000000000000000040";
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    const client = recordingClient(server, { apiKey: wrongKey });
    await expect(runPollCycle(db(), client, clock)).rejects.toMatchObject({ kind: "config", status: "010" });
    expect(server.requests).toHaveLength(1);
    expect(client.sleeps).toEqual([]);
    const state = await getIngestState(db(), "filings");
    expect(state?.errorCode).toBe("010");
    expect(JSON.stringify(state)).not.toContain(wrongKey);
  });
});
