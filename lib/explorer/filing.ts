import type { Db } from "@/db";
import { getFilingView } from "@/db/queries";
import type { Clock } from "@/lib/clock";
import { toExplorerFiling, type ExplorerFiling } from "./feed";

export interface FilingDetail extends ExplorerFiling {
  corpCode: string;
  /** The filer when it is not the company itself (e.g. a shareholder's ownership report). */
  filerName: string | null;
  /** DART's remark letters (e.g. 유 = KOSPI, 정 = amended). */
  remarks: string | null;
}

/**
 * One filing's free data; undefined for a receipt number the service has not seen, or one the
 * service clock has not reached yet (a snapshot never shows the future).
 */
export async function filingDetail(db: Db, clock: Clock, rcptNo: string): Promise<FilingDetail | undefined> {
  const view = await getFilingView(db, rcptNo);
  if (!view || view.filing.feedAt > clock.now()) return undefined;
  return {
    ...toExplorerFiling(view),
    corpCode: view.filing.corpCode,
    filerName: view.filing.flrNm,
    remarks: view.filing.rm,
  };
}
