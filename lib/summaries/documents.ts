/**
 * Filing bodies for the generator: the stored text in filing_documents, else — when a DART
 * key is configured — document.xml fetched once and stored (text, or DART's "no file").
 */
import type { Db } from "@/db";
import { getFilingDocument, storeFilingDocument } from "@/db/queries/summaries";
import { createDartClient, type DartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import type { DocumentSource } from "./types";

/**
 * Without a DART key only stored bodies are read. A DART failure (unreachable, quota,
 * maintenance, a rejected key) is thrown, not read as "no body": the caller must not cache
 * a title-only summary because of an outage that will pass.
 */
export function storedOrFetchedDocuments(db: Db, dart: () => DartClient | null = defaultDartClient): DocumentSource {
  return {
    async getText(rcptNo) {
      const stored = await getFilingDocument(db, rcptNo);
      if (stored) return stored.status === "ok" ? stored.text : null;
      const client = dart();
      if (!client) return null;
      const document = await client.documentText(rcptNo);
      await storeFilingDocument(db, rcptNo, document);
      return document.status === "ok" ? document.text : null;
    },
  };
}

function defaultDartClient(): DartClient | null {
  return env().DART_API_KEY ? createDartClient() : null;
}
