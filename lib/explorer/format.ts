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
  const { date, time, seconds } = kstParts(iso);
  return time === "23:59" && seconds === "59" ? `${date} (KST)` : `${date} ${time} KST`;
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
