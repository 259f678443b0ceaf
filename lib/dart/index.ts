/**
 * OpenDART, Korea's corporate filing system: a client for the filing list (list.json), the
 * company directory (corpCode.xml, company.json) and filing bodies (document.xml), with
 * DART's status codes turned into typed errors.
 */
export { createDartClient, type DartClient, type DartClientOptions } from "./client";
export { DartError, type DartErrorKind } from "./errors";
export { MAX_DOCUMENT_CHARS } from "./document-text";
export type {
  DartCompany,
  DartCorpCls,
  DartCorpCodeEntry,
  DartListPage,
  DartListRow,
  DocumentText,
  ListFilingsQuery,
} from "./types";
