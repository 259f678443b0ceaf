import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { countFilings, getIngestState } from "@/db/queries";
import { startPoller } from "@/lib/ingest";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

let server: FakeDartServer;
beforeEach(async () => {
  server = await startFakeDartServer();
});
afterEach(() => server.close());

function quietLog() {
  return { info: vi.fn(), error: vi.fn() };
}

describeEachDatabase("startPoller", (db) => {
  it("polls on a timeout chain, survives failures, and stops cleanly", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    server.inject({ endpoint: "list.json", kind: "http", code: 500, times: 3 });
    const log = quietLog();
    const poller = startPoller({
      intervalSeconds: 0.05,
      db: db(),
      client: recordingClient(server, { maxRetries: 0 }),
      clock,
      log,
    });
    await vi.waitFor(() => expect(log.info.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await poller.stop();

    expect(log.error.mock.calls.length).toBe(3); // three failed cycles, logged, and the loop went on
    expect(String(log.error.mock.calls[0][0])).toMatch(/poll failed \(http\)/);
    expect(await countFilings(db())).toBe(502);

    // Nothing runs after stop().
    const requests = server.requests.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(server.requests.length).toBe(requests);
  });

  it("never overlaps cycles", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    let active = 0;
    let maxActive = 0;
    const client = recordingClient(server);
    const tracked: typeof client = {
      ...client,
      async *listFilings(query) {
        active += 1;
        maxActive = Math.max(maxActive, active);
        try {
          await new Promise((r) => setTimeout(r, 60)); // a cycle slower than the interval
          yield* client.listFilings(query);
        } finally {
          active -= 1;
        }
      },
    };
    const log = quietLog();
    const poller = startPoller({ intervalSeconds: 0.01, db: db(), client: tracked, clock, log });
    await vi.waitFor(() => expect(log.info.mock.calls.length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    await poller.stop();
    expect(maxActive).toBe(1);
  });

  it("waits out a pause DART asked for instead of polling through it", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    server.inject({ endpoint: "list.json", kind: "status", status: "800" });
    const log = quietLog();
    const poller = startPoller({ intervalSeconds: 0.01, db: db(), client: recordingClient(server), clock, log });
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 200));
    await poller.stop();

    expect(String(log.error.mock.calls[0][0])).toMatch(/\(800\).*pausing until/);
    expect(server.requests).toHaveLength(1); // the pause is ten minutes: no second request
    expect((await getIngestState(db(), "filings"))?.pausedUntil).not.toBeNull();
  });
});
