import { CLASSIFIER_VERSION } from "@/lib/classify";
import type { Db } from "@/db";
import { filingsClassifiedBefore } from "@/db/queries";
import { storeFilings } from "@/lib/filing-store";

const BATCH = 1000;

/**
 * Re-applies the current classifier rules to stored filings classified by an older rule
 * version, through the same write path as ingest (first-seen times never move).
 */
export async function reclassifyFilings(
  db: Db,
  onProgress?: (done: number) => void,
): Promise<{ reclassified: number }> {
  let done = 0;
  for (;;) {
    const stale = await filingsClassifiedBefore(db, CLASSIFIER_VERSION, BATCH);
    if (stale.length === 0) return { reclassified: done };
    const counts = await storeFilings(
      db,
      stale.map((f) => ({
        rcept_no: f.rcptNo,
        rcept_dt: f.rceptDt.replaceAll("-", ""),
        corp_code: f.corpCode,
        corp_name: f.corpName,
        stock_code: f.ticker,
        corp_cls: f.corpCls,
        report_nm: f.reportNm,
        flr_nm: f.flrNm,
        rm: f.rm,
      })),
      new Date(),
    );
    if (counts.updated === 0) throw new Error("reclassification made no progress");
    done += counts.updated;
    onProgress?.(done);
  }
}
