/**
 * Figures for the sellable-summary path on the bundled seed (PGlite in memory, offline
 * generator): loading the seed, the free db-first availability check, the paid routes'
 * preflight, a cold offline summary of each bundled body, and a cache hit.
 *
 *   npm run bench:availability
 */
import { openDatabase } from "@/db/client";
import { filingsWithStoredSources, recentFilings } from "@/db/queries";
import { seedIfEmpty } from "@/lib/ingest/seed";
import { snapshotClock } from "@/lib/clock";
import { getOrCreateSummary, prepareSummary, summaryAvailability } from "@/lib/summaries";

const RUNS = 50;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function median(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await timed(run)).ms);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

const database = await openDatabase({ dataDir: "memory://" });
try {
  const db = database.db;
  const seeded = await timed(() => seedIfEmpty(db));
  console.log(`seed (companies, filings, bodies, structured record): ${ms(seeded.ms)}`, seeded.value);

  const now = snapshotClock().now();
  const page = await recentFilings(db, { limit: 100, since: new Date(now.getTime() - 168 * 3600_000), until: now });
  const rcptNos = page.map((v) => v.filing.rcptNo);
  console.log(`summaryAvailability, 1 filing: median ${ms(await median(() => summaryAvailability(db, rcptNos.slice(0, 1))))}`);
  console.log(`summaryAvailability, 100 filings (a feed page): median ${ms(await median(() => summaryAvailability(db, rcptNos)))}`);
  console.log(`filingsWithStoredSources (the offline list): median ${ms(await median(() => filingsWithStoredSources(db)))}`);

  const offline = await filingsWithStoredSources(db);
  const first = offline[0].filing;
  console.log(`preflight (prepareSummary) of a bundled filing: median ${ms(await median(() => prepareSummary(db, first)))}`);

  const cold: number[] = [];
  for (const { filing } of offline) cold.push((await timed(() => getOrCreateSummary(db, filing.rcptNo))).ms);
  cold.sort((a, b) => a - b);
  console.log(
    `cold offline summary of the ${cold.length} bundled filings: median ${ms(cold[Math.floor(cold.length / 2)])}, max ${ms(cold.at(-1)!)}`,
  );
  console.log(`cache hit: median ${ms(await median(() => getOrCreateSummary(db, first.rcptNo)))}`);
} finally {
  await database.close();
}
