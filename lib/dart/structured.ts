/**
 * DART's structured data for major-event filings: the 36 DS005 APIs (e.g. cvbdIsDecsn.json)
 * publish a 주요사항보고서's terms as flat JSON fields. Which API a filing has follows from its
 * title, 주요사항보고서(<event>), where <event> is the API's Korean name without spaces
 * (`../shared/data/dart/reference/opendart_DS005_major_event_apis.csv` and the guide, §5).
 *
 * A DS005 API answers one row per event, its newest version only, filtered by the event's
 * ORIGINAL receipt day, under the newest version's receipt number (a published study of 1,002
 * requests, ../shared/notes/dart.md). So a correction's record is asked for by the day of the
 * filing it corrects (`correctedFilingDate`), and a corrected original finds no row of its own.
 */

/** The DS005 APIs by the event name DART's titles use (the API's Korean name, spaces removed). */
const DS005_API_BY_EVENT: Readonly<Record<string, string>> = {
  "자산양수도(기타),풋백옵션": "astInhtrfEtcPtbkOpt",
  부도발생: "dfOcr",
  영업정지: "bsnSp",
  회생절차개시신청: "ctrcvsBgrq",
  해산사유발생: "dsRsOcr",
  유상증자결정: "piicDecsn",
  무상증자결정: "fricDecsn",
  유무상증자결정: "pifricDecsn",
  감자결정: "crDecsn",
  채권은행등의관리절차개시: "bnkMngtPcbg",
  소송등의제기: "lwstLg",
  해외증권시장주권등상장결정: "ovLstDecsn",
  해외증권시장주권등상장폐지결정: "ovDlstDecsn",
  해외증권시장주권등상장: "ovLst",
  해외증권시장주권등상장폐지: "ovDlst",
  전환사채권발행결정: "cvbdIsDecsn",
  신주인수권부사채권발행결정: "bdwtIsDecsn",
  교환사채권발행결정: "exbdIsDecsn",
  채권은행등의관리절차중단: "bnkMngtPcsp",
  상각형조건부자본증권발행결정: "wdCocobdIsDecsn",
  자기주식취득결정: "tsstkAqDecsn",
  자기주식처분결정: "tsstkDpDecsn",
  자기주식취득신탁계약체결결정: "tsstkAqTrctrCnsDecsn",
  자기주식취득신탁계약해지결정: "tsstkAqTrctrCcDecsn",
  영업양수결정: "bsnInhDecsn",
  영업양도결정: "bsnTrfDecsn",
  유형자산양수결정: "tgastInhDecsn",
  유형자산양도결정: "tgastTrfDecsn",
  타법인주식및출자증권양수결정: "otcprStkInvscrInhDecsn",
  타법인주식및출자증권양도결정: "otcprStkInvscrTrfDecsn",
  주권관련사채권양수결정: "stkrtbdInhDecsn",
  주권관련사채권양도결정: "stkrtbdTrfDecsn",
  회사합병결정: "cmpMgDecsn",
  회사분할결정: "cmpDvDecsn",
  회사분할합병결정: "cmpDvmgDecsn",
  주식교환ㆍ이전결정: "stkExtrDecsn",
};

/**
 * `주요사항보고서(<event>)` after any bracketed prefix ([기재정정] ...). A trailing
 * "(자회사의 주요경영사항)" marks a subsidiary's event, whose record is filed under the
 * subsidiary: such titles do not match.
 */
const MAJOR_EVENT_TITLE = /^(?:\[[^\]]*\])*주요사항보고서\((.+)\)$/;

/** The DS005 API that publishes this filing's terms, or null when there is none. */
export function structuredApiFor(reportNm: string): string | null {
  const key = reportNm.replace(/\s+/g, "").replace(/[·・•‧]/g, "ㆍ");
  const event = MAJOR_EVENT_TITLE.exec(key)?.[1];
  return (event && DS005_API_BY_EVENT[event]) || null;
}

/** A DS005 record: the API it came from and DART's fields, exactly as sent. */
export interface StructuredRecord {
  api: string;
  fields: Record<string, string>;
}

/** The record, or DART's answer that it has none for this filing (013, or not in the list). */
export type StructuredAnswer = ({ status: "ok" } & StructuredRecord) | { status: "no_data"; api: string };

/** A correction's title: `[기재정정]…` (DART's other bracketed prefixes attach or extend, and keep the event's date). */
const CORRECTION_TITLE = /^\s*\[기재정정\]/;

/** `정정대상 공시서류의 최초제출일 : 2024년 09월 27일` (also `2024.09.27`, `2024-09-27`). */
const FIRST_FILED =
  /정정대상\s*공시서류의\s*최초\s*제출일\s*[:：]?\s*(\d{4})\s*[.\-년]\s*(\d{1,2})\s*[.\-월]\s*(\d{1,2})/;

/**
 * The receipt day (YYYY-MM-DD) of the filing a correction corrects, as the correction's body
 * states it; null for a filing that is no correction, or a body that leaves the day blank.
 */
export function correctedFilingDate(reportNm: string, body: string | null): string | null {
  if (!CORRECTION_TITLE.test(reportNm) || !body) return null;
  const m = FIRST_FILED.exec(body);
  if (!m) return null;
  const iso = `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** Whether the title marks a correction ([기재정정]). */
export function isCorrection(reportNm: string): boolean {
  return CORRECTION_TITLE.test(reportNm);
}
