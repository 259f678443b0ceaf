/**
 * Refreshes the listed-company directory from OpenDART's corpCode.xml, on the database
 * configured by the environment: `npm run companies:sync`.
 */
import { getDatabase } from "@/lib/database";
import { createDartClient } from "@/lib/dart";
import { env } from "@/lib/env";
import { syncCompanies } from "@/lib/ingest";

async function main(): Promise<void> {
  if (!env().DART_API_KEY) {
    throw new Error("DART_API_KEY is not set: the directory comes from the bundled snapshot until one is configured.");
  }
  const database = await getDatabase();
  try {
    const started = performance.now();
    const { listed, written, nameSources } = await syncCompanies(database.db, createDartClient());
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${listed} listed companies, ${written} written in ${seconds} s; English names: ` +
        `${nameSources.directory} from the directory, ${nameSources.company_json} from company.json, ` +
        `${nameSources.translated} translated from the Korean`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
