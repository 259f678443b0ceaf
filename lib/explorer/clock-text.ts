/**
 * How a page states times against the one clock of the service (lib/clock.ts): live, the wall
 * clock; offline, the snapshot's as-of (the end of its last day, KST). Pure and free of server
 * imports, so server and client components print the same text.
 */
import { formatKst } from "./format";

/** The service clock as a page knows it: the data's mode and its "now" (ISO). */
export interface PageClock {
  mode: "snapshot" | "live";
  /** Offline: the snapshot's as-of; live: the last successful poll (null before the first). */
  asOf: string | null;
}

const MINUTE_MS = 60_000;

/** The KST day of an instant, YYYY-MM-DD. */
const kstDay = (iso: string) => formatKst(iso).slice(0, 10);

/**
 * How long a payment authorization stays valid. Its expiry is a real instant (the chain checks
 * it), so offline, where "now" is the snapshot's day, it is stated as a duration only; live, the
 * time of day is added, on the same clock as every other live time.
 */
export function expiryText(validForSeconds: number, offeredAtMs: number, clock: PageClock): string {
  const minutes = Math.max(1, Math.round(validForSeconds / 60));
  const duration = `${minutes} ${minutes === 1 ? "minute" : "minutes"} after signing`;
  if (clock.mode === "snapshot") return duration;
  const until = new Date(offeredAtMs + validForSeconds * 1000).toISOString();
  return `${duration} (until about ${formatKst(until).slice(11)})`;
}

/**
 * When a summary was written. Live: its KST time and how long ago. Offline a summary is written
 * on this machine after the snapshot's last day, and says so rather than posing as a second "now".
 */
export function generatedText(generatedAt: string, clock: PageClock, nowMs: number = Date.now()): string {
  if (clock.mode === "snapshot" && clock.asOf && Date.parse(generatedAt) > Date.parse(clock.asOf)) {
    return `written on this machine after the snapshot's last day (${kstDay(clock.asOf)}), at ${formatKst(generatedAt)}`;
  }
  return withAgo(generatedAt, clock, nowMs);
}

/** Live, within a day: the KST time and how long ago; otherwise the KST time alone. */
function withAgo(at: string, clock: PageClock, nowMs: number): string {
  const ms = nowMs - Date.parse(at);
  if (clock.mode === "live" && ms >= 0 && ms < 24 * 60 * MINUTE_MS) {
    const ago =
      ms < MINUTE_MS
        ? "just now"
        : ms < 60 * MINUTE_MS
          ? `${Math.floor(ms / MINUTE_MS)} min ago`
          : `${Math.floor(ms / (60 * MINUTE_MS))} h ago`;
    return `${formatKst(at)} (${ago})`;
  }
  return formatKst(at);
}

/**
 * When the service did something for a wallet (a watchlist made, a webhook sent, an alert
 * matched): a real instant. Live, its KST time and how long ago on the one clock; offline it
 * happened on this machine after the snapshot's last day, which `realTimeNote` says once beside
 * such times (never "ago" against the snapshot's day, which would be months of nonsense).
 */
export function activityText(at: string, clock: PageClock, nowMs: number = Date.now()): string {
  return withAgo(at, clock, nowMs);
}

/** Offline, the one sentence that explains activity times (see activityText); live, none is needed. */
export function realTimeNote(clock: PageClock): string | null {
  if (clock.mode !== "snapshot" || !clock.asOf) return null;
  return `Watchlists and deliveries work in real time, after the snapshot's last day (${kstDay(clock.asOf)}): their times are this machine's clock, in KST.`;
}

/**
 * A moment of this device (a summary kept, a purchase restored): the device's own clock, named
 * as such offline, where the data's "now" is the snapshot's day.
 */
export function deviceTimeText(at: string, clock: PageClock): string {
  return clock.mode === "snapshot" ? `${formatKst(at)} (this device's clock)` : formatKst(at);
}
