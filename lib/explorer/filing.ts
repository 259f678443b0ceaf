import type { Db } from "@/db";
import { filingsWithStoredSources, getFilingView } from "@/db/queries";
import { notSellableMessage, summaryAvailability, type SummaryAvailability } from "@/lib/summaries";
import { toExplorerFiling, type ExplorerFiling } from "./feed";

/** What the filing page says about buying the summary, before anyone pays. */
export interface SummaryOffer {
  available: boolean;
  message: string;
}

export interface FilingDetail extends ExplorerFiling {
  corpCode: string;
  /** The filer when it is not the company itself (e.g. a shareholder's ownership report). */
  filerName: string | null;
  /** DART's remark letters (e.g. 유 = KOSPI, 정 = amended). */
  remarks: string | null;
  summary: SummaryOffer;
}

/**
 * One filing's free data and whether its summary can be bought; undefined for a receipt number
 * the service has not ingested. A filing bundled for its body may be dated after the snapshot's
 * clock: it is reachable here by receipt number (never in the feed), like the paid API serves it.
 */
export async function filingDetail(db: Db, rcptNo: string): Promise<FilingDetail | undefined> {
  const view = await getFilingView(db, rcptNo);
  if (!view) return undefined;
  const [availability] = await summaryAvailability(db, [rcptNo]);
  return {
    ...toExplorerFiling(view, availability !== undefined && availability.availability !== "unavailable"),
    corpCode: view.filing.corpCode,
    filerName: view.filing.flrNm,
    remarks: view.filing.rm,
    summary: summaryOffer(availability),
  };
}

function summaryOffer(availability: SummaryAvailability | undefined): SummaryOffer {
  if (!availability || availability.availability === "unavailable") {
    return {
      available: false,
      message: notSellableMessage(availability?.rcptNo ?? "", availability?.reason ?? "no_document"),
    };
  }
  if (availability.cached) return { available: true, message: "Ready: the summary is written and served at once." };
  if (availability.availability === "available") {
    return {
      available: true,
      message: "Can be bought: written from the filing's body on the first paid request (a few seconds).",
    };
  }
  // Unknown: buying asks DART first, and a filing with nothing to ground a summary in is refused before payment.
  return {
    available: true,
    message:
      "Not known yet: buying first asks DART for the filing's body, before any payment. If DART has none, you are told so and nothing is charged.",
  };
}

/**
 * Filings whose summaries need nothing from DART (the offline snapshot's bundled bodies),
 * newest first; a stored body that states none of its type's key facts is not sold (no_facts).
 */
export async function storedSellableFilings(db: Db) {
  const stored = await filingsWithStoredSources(db);
  const sellable = new Set(
    (
      await summaryAvailability(
        db,
        stored.map((view) => view.filing.rcptNo),
      )
    )
      .filter((a) => a.summaryAvailable)
      .map((a) => a.rcptNo),
  );
  return stored.filter((view) => sellable.has(view.filing.rcptNo));
}

/** The same, as the explorer lists them. */
export async function filingsAvailableOffline(db: Db): Promise<ExplorerFiling[]> {
  return (await storedSellableFilings(db)).map((view) => toExplorerFiling(view, true));
}
