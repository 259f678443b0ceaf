import { env } from "@/lib/env";

/**
 * The service's notion of "now". Without a DART key the data is the bundled snapshot, so
 * "now" is pinned to the end of the snapshot's last day (KST) and the default feed window
 * shows it; with a key the data is live and "now" is the wall clock.
 */
export interface Clock {
  now(): Date;
  /** The snapshot's last day (YYYY-MM-DD, KST) in snapshot mode; null when live. */
  snapshotAsOf: string | null;
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The KST calendar date of an instant, as YYYY-MM-DD. */
export function kstDate(at: Date): string {
  return new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last millisecond of a KST calendar day (YYYY-MM-DD or YYYYMMDD). */
export function endOfKstDay(day: string): Date {
  const iso = day.length === 8 ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : day;
  return new Date(Date.parse(`${iso}T23:59:59.999+09:00`));
}

/** Add whole days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The bundled snapshot's last day (KST): its newest filing's receipt day, the `asOf` of
 * lib/seed/manifest.json. Stated here, not read from the seed, because the seed's loader reads
 * the clock; `npm run seed:build` refuses a seed that ends on another day.
 */
export const SNAPSHOT_AS_OF = "2026-07-16";

export function snapshotClock(asOf: string = SNAPSHOT_AS_OF): Clock {
  const pinned = endOfKstDay(asOf);
  return { now: () => new Date(pinned), snapshotAsOf: asOf };
}

export const wallClock: Clock = { now: () => new Date(), snapshotAsOf: null };

let bundledSnapshotClock: Clock | undefined;

/** Live when a DART key is configured, otherwise pinned to the bundled snapshot. */
export function serviceClock(): Clock {
  // Read on every API answer (its freshness headers): the snapshot clock is built once.
  return env().DART_API_KEY ? wallClock : (bundledSnapshotClock ??= snapshotClock());
}
