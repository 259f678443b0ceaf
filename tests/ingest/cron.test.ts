import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as backfillCron } from "@/app/api/cron/backfill/route";
import { GET as companiesCron } from "@/app/api/cron/companies/route";
import { GET as ingestCron } from "@/app/api/cron/ingest/route";
import { countFilings } from "@/db/queries";
import { resetEnv } from "@/lib/env";
import { isAuthorizedCronRequest, runSpacedPollCycles } from "@/lib/ingest";
import { recordingClient, settableClock } from "../support/dart-test-kit";
import { describeEachDatabase } from "../support/each-database";
import { startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

const SECRET = "cron-secret-for-tests-0123456789";
const saved = { CRON_SECRET: process.env.CRON_SECRET, DART_API_KEY: process.env.DART_API_KEY };

function setEnv(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
}

const request = (authorization?: string) =>
  new Request("http://localhost/api/cron/ingest", authorization ? { headers: { authorization } } : {});

describe("cron routes", () => {
  afterAll(() => setEnv(saved));

  describe.each([
    ["ingest", ingestCron],
    ["companies", companiesCron],
    ["backfill", backfillCron],
  ])("/api/cron/%s", (_, GET) => {
    beforeEach(() => setEnv({ CRON_SECRET: SECRET, DART_API_KEY: undefined }));

    it("refuses a request without the secret", async () => {
      const response = await GET(request());
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ error: "unauthorized" });
    });

    it("refuses a wrong secret", async () => {
      expect((await GET(request(`Bearer ${SECRET}x`))).status).toBe(401);
      expect((await GET(request(SECRET))).status).toBe(401);
    });

    it("refuses everyone when no CRON_SECRET is configured", async () => {
      setEnv({ CRON_SECRET: undefined });
      expect((await GET(request("Bearer "))).status).toBe(401);
      expect((await GET(request("Bearer undefined"))).status).toBe(401);
    });

    it("lets the scheduler in, and skips in snapshot mode (no DART key)", async () => {
      const response = await GET(request(`Bearer ${SECRET}`));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ status: "skipped" });
    });
  });

  it("compares the secret exactly", () => {
    expect(isAuthorizedCronRequest(request(`Bearer ${SECRET}`), SECRET)).toBe(true);
    expect(isAuthorizedCronRequest(request(`bearer ${SECRET}`), SECRET)).toBe(false);
    expect(isAuthorizedCronRequest(request(`Bearer ${SECRET}`), undefined)).toBe(false);
  });
});

let server: FakeDartServer;
beforeAll(async () => {
  server = await startFakeDartServer();
});
afterAll(() => server.close());
afterEach(() => server.clearFaults());

describeEachDatabase("runSpacedPollCycles", (db) => {
  it("runs two cycles 30 s apart within the budget", async () => {
    const clock = settableClock("2022-01-03T15:00:00+09:00");
    const waits: number[] = [];
    const outcomes = await runSpacedPollCycles(db(), recordingClient(server), clock, {
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    expect(outcomes.map((o) => o.status)).toEqual(["completed", "completed"]);
    expect(outcomes[0]).toMatchObject({ inserted: 502 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(25_000);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
    expect(await countFilings(db())).toBe(502);
  });

  it("reports a failed cycle and still runs the next", async () => {
    server.inject({ endpoint: "list.json", kind: "status", status: "010" });
    const outcomes = await runSpacedPollCycles(
      db(),
      recordingClient(server),
      settableClock("2022-01-03T15:00:00+09:00"),
      { sleep: async () => {} },
    );
    expect(outcomes[0]).toMatchObject({ status: "failed", code: "010" });
    expect(JSON.stringify(outcomes)).not.toContain(server.apiKey);
    expect(outcomes[1]).toMatchObject({ status: "paused" }); // a bad key pauses the job a few minutes
  });

  it("starts no cycle that would overrun the budget", async () => {
    const outcomes = await runSpacedPollCycles(
      db(),
      recordingClient(server),
      settableClock("2022-01-03T15:00:00+09:00"),
      { sleep: async () => {}, spacingMs: 30_000, budgetMs: 30_000 },
    );
    expect(outcomes).toHaveLength(1);
  });
});
