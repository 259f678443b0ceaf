import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cachedBodyBytes, evictCachedBodies } from "@/db/queries";
import { storeFilingDocument } from "@/db/queries/summaries";
import { filingDocuments, summaries } from "@/db/schema";
import { storeFilings } from "@/lib/filing-store";
import { keepBodiesWithinCap } from "@/lib/summaries/body-cache";
import { recordedFilingsByDay } from "../../dev/support/fake-dart-server";
import { describeEachDatabase } from "../support/each-database";

const rows = Object.values(recordedFilingsByDay()).flat().slice(0, 6);
/** Text that does not compress away: its stored size is about its length. */
const body = (seed: number) =>
  Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0xac00 + ((i * 7919 + seed * 104_729) % 11_000))).join("");

describeEachDatabase("the cached-body cap", (db) => {
  it("deletes the bodies least worth keeping: summarised ones first, then the oldest fetched; keeps 'no file' answers", async () => {
    await storeFilings(db(), rows);
    const [a, b, c, d, e, f] = rows.map((r) => r.rcept_no);
    for (const [i, rcptNo] of [a, b, c, d, e].entries()) {
      await storeFilingDocument(db(), rcptNo, { status: "ok", text: body(i) });
      await db()
        .update(filingDocuments)
        .set({ fetchedAt: new Date(Date.UTC(2026, 6, 1 + i)) })
        .where(eq(filingDocuments.rcptNo, rcptNo));
    }
    await storeFilingDocument(db(), f, { status: "no_file" });
    // e is the newest fetched, but already summarised.
    await db().insert(summaries).values({
      rcptNo: e,
      summaryEn: "x",
      importanceScore: 5,
      sectorTags: [],
      tickerTags: [],
      actionableFor: [],
      basis: "body",
      modelId: "test",
      promptVersion: "test",
      template: "x",
      facts: {},
    });
    const { bodies, bytes } = await cachedBodyBytes(db());
    expect(bodies).toBe(5);
    const each = bytes / 5;
    // Room for three: e (summarised) goes, then a (the oldest); d, c, b stay.
    const evicted = await evictCachedBodies(db(), Math.floor(each * 3.5));
    expect(evicted).toBe(2);
    const kept = (await db().select({ rcptNo: filingDocuments.rcptNo }).from(filingDocuments)).map((r) => r.rcptNo);
    expect(kept.sort()).toEqual([b, c, d, f].sort());
    expect(await evictCachedBodies(db(), bytes)).toBe(0);
  });

  it("does nothing under the cap, or with no cap", async () => {
    await storeFilings(db(), rows.slice(0, 1));
    await storeFilingDocument(db(), rows[0].rcept_no, { status: "ok", text: body(1) });
    expect(await keepBodiesWithinCap(db(), 0)).toBe(0);
    expect(await keepBodiesWithinCap(db(), 1_048_576)).toBe(0);
    expect((await cachedBodyBytes(db())).bodies).toBe(1);
  });
});
