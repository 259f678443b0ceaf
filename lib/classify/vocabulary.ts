import { AUDIENCE_TAGS, type AudienceTag } from "./audiences";
import { CLASSIFIER_VERSION, IMPORTANCE_RUBRIC } from "./classify";
import { EVENT_TYPES, type NumericExpectation } from "./event-types";
import { SECTOR_TAGS } from "./industry-sectors";

/**
 * Values of `market` (CompanyDto): the KRX listing's market of a company's shares. DART's
 * corp_cls E ("other": unlisted or delisted issuers) has no market, and such companies are not
 * in the listed-company directory, so no value stands for it. UNKNOWN marks a listed company
 * whose market is not known yet.
 */
export const MARKETS = [
  { market: "KOSPI", corpCls: "Y", description: "KRX main board (유가증권시장)." },
  { market: "KOSDAQ", corpCls: "K", description: "KRX growth market (코스닥), including SPACs." },
  {
    market: "KOSDAQ GLOBAL",
    corpCls: "K",
    description: "KOSDAQ's premium segment of large, sound companies; DART files them as KOSDAQ (corp_cls K).",
  },
  { market: "KONEX", corpCls: "N", description: "KRX market for start-ups and small companies (코넥스)." },
  {
    market: "UNKNOWN",
    corpCls: "",
    description:
      "Listed after the bundled KRX listing was taken; the directory sync fills in the market from DART's company.json when a DART key is configured.",
  },
] as const;

export type Market = (typeof MARKETS)[number]["market"];

const MARKET_BY_CORP_CLS: ReadonlyMap<string, Market> = new Map([
  ["Y", "KOSPI"],
  ["K", "KOSDAQ"],
  ["N", "KONEX"],
]);

/**
 * The market implied by list.json's `corp_cls`, for companies the KRX listing does not have
 * yet; null for E (other). KOSDAQ GLOBAL cannot be told from corp_cls and reads as KOSDAQ.
 */
export function marketForCorpCls(corpCls: string | null | undefined): Market | null {
  return (corpCls && MARKET_BY_CORP_CLS.get(corpCls)) || null;
}

export interface VocabularyDocument {
  classifierVersion: number;
  eventTypes: {
    eventType: string;
    labelEn: string;
    defaultScore: number;
    numericExpectation: NumericExpectation;
    actionableFor: AudienceTag[];
    description: string;
  }[];
  audienceTags: { tag: string; description: string }[];
  sectorTags: { tag: string; gicsCode: string }[];
  markets: { market: string; corpCls: string; description: string }[];
  importanceRubric: string;
}

/**
 * Everything a client needs to interpret the classification fields, as plain JSON-able data
 * (for /v1/vocabulary and the OpenAPI enums). Fresh objects on every call.
 */
export function vocabularyDocument(): VocabularyDocument {
  return {
    classifierVersion: CLASSIFIER_VERSION,
    eventTypes: EVENT_TYPES.map((definition) => ({ ...definition, actionableFor: [...definition.actionableFor] })),
    audienceTags: AUDIENCE_TAGS.map((audience) => ({ ...audience })),
    sectorTags: SECTOR_TAGS.map((sector) => ({ ...sector })),
    markets: MARKETS.map((market) => ({ ...market })),
    importanceRubric: IMPORTANCE_RUBRIC,
  };
}
