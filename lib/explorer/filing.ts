import type { Db } from "@/db";
import { filingsWithStoredSources, getCompanyByKoreanName, getFilingView } from "@/db/queries";
import { displayCompanyName, translateName } from "@/lib/names";
import { SAMPLE_FACTS } from "@/lib/interface/samples";
import {
  notSellableMessage,
  roleSpec,
  storedSourcesFactSheet,
  summaryAvailability,
  type SummaryAvailability,
} from "@/lib/summaries";
import { toExplorerFiling, type ExplorerFiling } from "./feed";
import { relatedFilings, type RelatedFilings } from "./related";

/** What the filing page says about buying the summary, before anyone pays. */
export interface SummaryOffer {
  available: boolean;
  message: string;
  /**
   * What the summary will state, when its fact sheet is known from the stored sources: the
   * English names of the facts it covers (key facts of the filing's type first), never their
   * values — those are what is paid for. Null when nothing is stored yet.
   */
  covers: string[] | null;
  /** The filing of the free sample (/v1/disclosures/sample): its summary is shown free, never sold. */
  freeSample: boolean;
}

export interface FilingDetail extends ExplorerFiling {
  corpCode: string;
  /** Who filed it, as DART names them (Korean). */
  filerName: string | null;
  /**
   * The filer in English where that is known: the company itself, a listed company by its
   * directory name, or an organisation whose name translates word by word. Null for names that
   * would only be romanised (people), which stay in Korean.
   */
  filerNameEn: string | null;
  /** DART's remark letters (e.g. 유 = KOSPI, 정 = amended). */
  remarks: string | null;
  summary: SummaryOffer;
  /** The filing a correction corrects and the corrections of this one (./related.ts). */
  related: RelatedFilings;
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
  const row = toExplorerFiling(view, availability !== undefined && availability.availability !== "unavailable");
  return {
    ...row,
    corpCode: view.filing.corpCode,
    filerName: view.filing.flrNm,
    filerNameEn: await filerNameEn(db, view.filing.flrNm, row),
    remarks: view.filing.rm,
    related: await relatedFilings(db, view.filing, availability?.correctsRcptNo ?? null),
    summary:
      rcptNo === SAMPLE_FACTS.rcptNo
        ? { available: false, message: "The free sample: shown here in full.", covers: null, freeSample: true }
        : await summaryOffer(db, availability),
  };
}

async function filerNameEn(
  db: Db,
  filer: string | null,
  company: Pick<ExplorerFiling, "corpName" | "corpNameEn">,
): Promise<string | null> {
  if (!filer) return null;
  if (filer === company.corpName) return company.corpNameEn; // already the display name
  const listed = await getCompanyByKoreanName(db, filer);
  if (listed) return displayCompanyName(listed.nameEn);
  const { english, romanised } = translateName(filer);
  return romanised ? null : english;
}

async function summaryOffer(db: Db, availability: SummaryAvailability | undefined): Promise<SummaryOffer> {
  const offer = (message: string, covers: string[] | null = null) => ({
    available: true,
    message,
    covers,
    freeSample: false,
  });
  if (!availability || availability.availability === "unavailable") {
    return {
      available: false,
      message: notSellableMessage(availability?.rcptNo ?? "", availability?.reason ?? "no_document"),
      covers: null,
      freeSample: false,
    };
  }
  // Unknown: buying asks DART first, and a filing with nothing to ground a summary in is refused before payment.
  if (availability.availability === "unknown") {
    return offer(
      "Not known yet: buying first asks DART for the filing's body, before any payment. If DART has none, you are told so and nothing is charged.",
    );
  }
  const covers = await coveredFacts(db, availability.rcptNo);
  if (availability.cached) return offer("Ready: the summary is written and served at once.", covers);
  return offer("Written from the filing's body on the first paid request (a few seconds).", covers);
}

/** The names of the facts the stored sources state (key roles first, each once); no value. */
async function coveredFacts(db: Db, rcptNo: string): Promise<string[] | null> {
  const sheet = await storedSourcesFactSheet(db, rcptNo);
  if (!sheet) return null;
  const missing = new Set(sheet.missingKeyRoles);
  const roles = [
    ...sheet.keyRoles.filter((role) => !missing.has(role)),
    ...sheet.facts.flatMap((fact) => (fact.role ? [fact.role] : [])),
  ];
  const names = [...new Set(roles.map((role) => roleSpec(role)?.en).filter((en): en is string => Boolean(en)))];
  return names.length ? names : null;
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
