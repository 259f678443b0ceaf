/**
 * /api/cron/backfill on the app's database (PGlite, or PostgreSQL under DATABASE_URL) against the
 * stand-in OpenDART: a chunk loads the configured range from its checkpoint, and a run after the
 * range is complete asks DART nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as backfillCron } from "@/app/api/cron/backfill/route";
import { getIngestState } from "@/db/queries";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { backfillJob } from "@/lib/ingest";
import { useFreshAppDatabase } from "../support/app";
import { recordedFilingsByDay, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

const SECRET = "cron-secret-for-tests-0123456789";
const VARS = ["CRON_SECRET", "DART_API_KEY", "DART_API_BASE_URL", "DART_BACKFILL_FROM", "DART_BACKFILL_TO"] as const;
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

let server: FakeDartServer;
let teardown: () => Promise<void>;
beforeAll(async () => {
  teardown = await useFreshAppDatabase();
  server = await startFakeDartServer();
  Object.assign(process.env, {
    CRON_SECRET: SECRET,
    DART_API_KEY: server.apiKey,
    DART_API_BASE_URL: server.baseUrl,
    DART_BACKFILL_FROM: "2026-07-13",
    DART_BACKFILL_TO: "2026-07-14",
  });
  resetEnv();
});
afterAll(async () => {
  for (const v of VARS) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  resetEnv();
  await server.close();
  await teardown();
});

const call = () =>
  backfillCron(new Request("http://localhost/api/cron/backfill", { headers: { authorization: `Bearer ${SECRET}` } }));

it("loads the configured range in a chunk, checkpointed, and asks nothing once it is complete", async () => {
  const days = ["20260713", "20260714"];
  const expected = days.flatMap((d) => recordedFilingsByDay()[d] ?? []).length;
  expect(expected).toBeGreaterThan(0);

  const first = await call();
  expect(first.status).toBe(200);
  const body = await first.json();
  expect(body).toMatchObject({ from: "2026-07-13", to: "2026-07-14", status: "completed", daysDone: 2 });
  expect(body.fetched).toBe(expected);
  expect(await getIngestState(await getDb(), backfillJob("2026-07-13", "2026-07-14"))).toMatchObject({
    watermark: "2026-07-14",
  });

  const asked = server.requestsTo("list.json").length;
  const again = await (await call()).json();
  expect(again).toMatchObject({ status: "completed", fetched: 0 });
  expect(server.requestsTo("list.json")).toHaveLength(asked);
});
