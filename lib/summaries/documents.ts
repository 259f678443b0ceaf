/**
 * What a summary is grounded in, per filing: the body (filing_documents) and, for
 * major-event filings, DART's structured record (filing_structured). Each is read from the
 * database, else — when a DART key is configured — fetched once and stored (including DART's
 * "none": no file, no record), so every later request reads the database alone.
 */
import type { Db } from "@/db";
import {
  getFilingDocument,
  getFilingStructured,
  storeFilingDocument,
  storeFilingStructured,
} from "@/db/queries/summaries";
import { createDartClient, structuredApiFor, type DartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import { keepBodiesWithinCap } from "./body-cache";
import type { DocumentSource } from "./types";

/**
 * Without a DART key only stored sources are read. A DART failure (unreachable, quota,
 * maintenance, a rejected key) is thrown, not read as "none": an outage that will pass must
 * not be stored as a filing without a document.
 */
export function storedOrFetchedDocuments(db: Db, dart: () => DartClient | null = defaultDartClient): DocumentSource {
  return {
    get fetchesFromDart() {
      return dart() !== null;
    },
    async getText(rcptNo) {
      const stored = await getFilingDocument(db, rcptNo);
      if (stored) return stored.status === "ok" ? stored.text : null;
      const client = dart();
      if (!client) return null;
      const document = await client.documentText(rcptNo);
      await storeFilingDocument(db, rcptNo, document);
      // Off the request's path: a failed check is logged, never the caller's failure.
      void keepBodiesWithinCap(db).catch((err: Error) => console.error(`[summaries] body cache cap: ${err.message}`));
      return document.status === "ok" ? document.text : null;
    },
    async getStructured(filing) {
      const stored = await getFilingStructured(db, filing.rcptNo);
      if (stored) return stored.status === "ok" && stored.fields ? { api: stored.api, fields: stored.fields } : null;
      const api = structuredApiFor(filing.reportNm);
      const client = dart();
      if (!api || !client || !filing.corpCode) return null;
      const answer = await client.structuredRecord(api, filing);
      await storeFilingStructured(db, filing.rcptNo, answer);
      return answer.status === "ok" ? { api: answer.api, fields: answer.fields } : null;
    },
  };
}

function defaultDartClient(): DartClient | null {
  return env().DART_API_KEY ? createDartClient() : null;
}
