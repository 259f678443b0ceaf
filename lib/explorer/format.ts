/** Display helpers shared by server and client components (no server imports). */

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

function kstParts(iso: string): { date: string; time: string; seconds: string } {
  const shifted = new Date(Date.parse(iso) + KST_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16), seconds: shifted.slice(17, 19) };
}

/** "2026-07-16 14:05 KST": fixed arithmetic, so server and browser print the same text. */
export function formatKst(iso: string): string {
  const { date, time } = kstParts(iso);
  return `${date} ${time} KST`;
}

/**
 * When the service first saw a filing. Snapshot filings carry only their receipt day (they are
 * placed at the day's last second), so those show the day alone rather than a made-up time.
 */
export function formatSeenAt(iso: string): string {
  const { date, time } = kstParts(iso);
  return knowsTimeOfDay(iso) ? `${date} ${time} KST` : `${date} (KST)`;
}

/** Whether a feed time is a real time of day, not a filing placed at its receipt day's last second. */
export function knowsTimeOfDay(iso: string): boolean {
  const { time, seconds } = kstParts(iso);
  return !(time === "23:59" && seconds === "59");
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A span of whole days in words: "3 days", "5 months", "3 years" (days under 60, months under two years). */
function daysInWords(days: number): string {
  if (days < 60) return `${days} days`;
  if (days < 730) return `${Math.floor(days / 30.44)} months`;
  return `${Math.floor(days / 365.25)} years`;
}

/**
 * How long before `now` a filing was seen: "just now", "12 min ago", "3 h ago", "2 days ago",
 * "5 months ago", "3 years ago"; for a filing known only by its day, in KST days ("today",
 * "yesterday", "3 days ago"). `now` is the view's end (the service clock), never the browser's,
 * so server and browser print the same. A filing dated after `now` (offline: after the
 * snapshot's last day) says so instead of posing as "today": "1 day later", "56 days later".
 */
export function relativeTime(iso: string, now: string): string {
  if (!knowsTimeOfDay(iso)) {
    const days = Math.round((Date.parse(kstParts(now).date) - Date.parse(kstParts(iso).date)) / DAY_MS);
    if (days === 0) return "today";
    if (days < 0) return days === -1 ? "1 day later" : `${daysInWords(-days)} later`;
    return days === 1 ? "yesterday" : `${daysInWords(days)} ago`;
  }
  const ms = Date.parse(now) - Date.parse(iso);
  if (ms < -DAY_MS) return `${daysInWords(Math.floor(-ms / DAY_MS))} later`.replace(/^1 days/, "1 day");
  if (ms < MINUTE_MS) return "just now";
  if (ms < 60 * MINUTE_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`;
  if (ms < DAY_MS) return `${Math.floor(ms / (60 * MINUTE_MS))} h ago`;
  const days = Math.floor(ms / DAY_MS);
  return days === 1 ? "1 day ago" : `${daysInWords(days)} ago`;
}

export type ImportanceLevel = "low" | "moderate" | "high" | "critical";

/** The importance scale in words, so the badge never relies on colour alone. */
export function importanceLevel(score: number): ImportanceLevel {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "moderate";
  return "low";
}

export function titleCase(tag: string): string {
  const s = tag.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The words an audience tag is shown with: "Long-term investors", "ESG analysts", else the tag title-cased. */
const AUDIENCE_LABELS: Record<string, string> = {
  long_term_investors: "Long-term investors",
  esg_analysts: "ESG analysts",
};
export function audienceLabel(tag: string): string {
  return AUDIENCE_LABELS[tag] ?? titleCase(tag);
}

/** Choices with filings first (most first), then the rest A–Z by label: how the event-type picker lists them. */
export function orderByCount<T extends { eventType: string; label: string }>(
  choices: readonly T[],
  counts: ReadonlyMap<string, number>,
): T[] {
  return [...choices].sort(
    (a, b) => (counts.get(b.eventType) ?? 0) - (counts.get(a.eventType) ?? 0) || a.label.localeCompare(b.label),
  );
}

/**
 * Evenly spaced ticks from 0 to a round number at least `max` (steps of 1, 2 or 5 times a power
 * of ten, at most five intervals): 0, 20, 40, 60 for 57.
 */
export function axisTicks(max: number): number[] {
  const top = Math.max(1, max);
  const magnitude = Math.max(1, 10 ** Math.floor(Math.log10(top / 5)));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => Math.ceil(top / s) <= 5)!;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}
