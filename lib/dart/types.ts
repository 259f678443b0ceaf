/** The shapes OpenDART sends, and what the client makes of them. */

/** One row of OpenDART's list.json (`list[]`), as DART sends it. */
export interface DartListRow {
  rcept_no: string;
  rcept_dt: string;
  corp_code: string;
  corp_name: string;
  stock_code?: string | null;
  corp_cls?: string | null;
  report_nm: string;
  flr_nm?: string | null;
  rm?: string | null;
}

/** Market class of list.json and company.json: Y KOSPI, K KOSDAQ, N KONEX, E other. */
export type DartCorpCls = "Y" | "K" | "N" | "E";

export interface ListFilingsQuery {
  /** First receipt date, KST, YYYYMMDD. */
  bgnDe: string;
  /** Last receipt date, KST, YYYYMMDD. */
  endDe: string;
  corpCls?: DartCorpCls;
}

/** One page of a list.json search. */
export interface DartListPage {
  pageNo: number;
  totalPage: number;
  totalCount: number;
  rows: DartListRow[];
}

/** A listed company from corpCode.xml. */
export interface DartCorpCodeEntry {
  corpCode: string;
  corpName: string;
  /** The English name, trimmed; empty when the directory has none. */
  corpEngName: string;
  stockCode: string;
  /** YYYYMMDD. */
  modifyDate: string;
}

/** The fields of company.json this service uses. */
export interface DartCompany {
  corpCode: string;
  corpName: string;
  /** Trimmed; empty when DART has none. */
  corpNameEng: string;
  stockCode: string | null;
  corpCls: DartCorpCls | null;
  indutyCode: string | null;
}

/** A filing body as plain text, or DART's answer that it has no file (status 014). */
export type DocumentText = { status: "ok"; text: string; truncated: boolean } | { status: "no_file" };
