/**
 * OpenDART, Korea's corporate filing system: a client for the filing list (list.json), the
 * company directory (corpCode.xml, company.json), filing bodies (document.xml) and the
 * major-event structured records (DS005, ./structured.ts), with DART's status codes turned
 * into typed errors.
 */
export { createDartClient, type DartClient, type DartClientOptions } from "./client";
export { DartError, type DartErrorKind } from "./errors";
export { documentTextFromParts, documentTextFromZip, MAX_DOCUMENT_CHARS } from "./document-text";
export {
  correctedFilingDate,
  isCorrection,
  structuredApiFor,
  type StructuredAnswer,
  type StructuredRecord,
} from "./structured";
export type {
  DartCompany,
  DartCorpCls,
  DartCorpCodeEntry,
  DartListPage,
  DartListRow,
  DocumentText,
  ListFilingsQuery,
} from "./types";
