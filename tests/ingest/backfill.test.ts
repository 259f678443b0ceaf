import { afterEach, beforeEach, expect, it } from "vitest";
import { countFilings, getIngestState } from "@/db/queries";
import { filings } from "@/db/schema";
import { backfill, type BackfillProgress } from "@/lib/ingest";
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
    expect(summary).toMatchObject({ days: 8, fetched: week.length, inserted: week.length, updated: 0 });
    expect(progress.map((p) => [p.day, p.daysDone, p.totalDays])).toEqual(
      ["09", "10", "11", "12", "13", "14", "15", "16"].map((d, i) => [`2026-07-${d}`, i + 1, 8]),
    );
    expect(server.requestsTo("list.json").every((r) => r.params.bgn_de === r.params.end_de)).toBe(true);
    expect(await countFilings(db())).toBe(week.length);

    // Backfilled filings are not "recent": their feed time is the end of their receipt day.
    const [row] = await db().select().from(filings).limit(1);
    expect(row.feedAt.getTime()).toBeLessThan(clock.now().getTime());

    const again = await backfill(db(), recordingClient(server), { from: "2026-07-09", to: "2026-07-16", clock });
    expect(again).toMatchObject({ inserted: 0, unchanged: week.length });
    expect(await countFilings(db())).toBe(week.length);
    // The poller's watermark is its own business.
    expect(await getIngestState(db(), "filings")).toBeUndefined();
  });

  it("rejects a reversed or malformed window", async () => {
    const client = recordingClient(server);
    await expect(backfill(db(), client, { from: "2026-07-16", to: "2026-07-09" })).rejects.toThrow(RangeError);
    await expect(backfill(db(), client, { from: "20260709", to: "2026-07-16" })).rejects.toThrow(RangeError);
  });
});
