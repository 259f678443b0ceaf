/**
 * /docs shows an example answer for every operation of /openapi.json (e2e/browser/explorer.spec.ts
 * checks the page): here, each example is the shape its route answers — the watchlist routes'
 * illustrative ones included, since a free page cannot sign in as a wallet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GET as feed } from "@/app/api/feed/route";
import { snapshotClock } from "@/lib/clock";
import { getDb } from "@/lib/database";
import { apiReference } from "@/lib/explorer/docs";
import {
  alertsResponse,
  deliveriesResponse,
  freshnessResponse,
  recentFilingDto,
  watchlistDto,
  watchlistsResponse,
} from "@/lib/interface";
import { call } from "../support/app";
import { setUpPaymentTestStack } from "../support/payments";

setUpPaymentTestStack(); // the app's own database, and the payment terms the reference states
beforeAll(async () => {
  await call(feed, "/api/feed"); // opens, migrates and seeds the database
});

describe("the API reference's examples", () => {
  it("exist for every operation, and the watchlist routes' parse as their answers", async () => {
    const reference = await apiReference(await getDb(), snapshotClock());
    const missing = reference.endpoints.filter((e) => !e.example).map((e) => e.operationId);
    expect(missing).toEqual([]);
    const shapes: Record<string, z.ZodType> = {
      listWatchlists: watchlistsResponse,
      getWatchlist: watchlistDto,
      listWatchlistDeliveries: deliveriesResponse,
      listAlerts: alertsResponse,
      getFreshness: freshnessResponse,
    };
    for (const [operationId, schema] of Object.entries(shapes)) {
      const example = reference.endpoints.find((e) => e.operationId === operationId)?.example;
      expect(schema.safeParse(example?.body).success, operationId).toBe(true);
    }
    const stream = reference.endpoints.find((e) => e.operationId === "streamFilings")?.example?.body as {
      data: unknown;
    };
    expect(recentFilingDto.safeParse(stream.data).success).toBe(true);
  });
});
