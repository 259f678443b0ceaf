/**
 * Re-applies the current classifier rules (CLASSIFIER_VERSION) to stored filings that an
 * older rule version classified.   npm run reclassify
 */
import { getDatabase } from "@/lib/database";
import { CLASSIFIER_VERSION } from "@/lib/classify";
import { reclassifyFilings } from "@/lib/ingest";

const database = await getDatabase();
try {
  const { reclassified } = await reclassifyFilings(database.db, (done) =>
    process.stdout.write(`\rreclassified ${done}`),
  );
  console.log(`\n${reclassified} filings now classified by rules version ${CLASSIFIER_VERSION}`);
} finally {
  await database.close();
}
