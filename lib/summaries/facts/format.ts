/**
 * The one formatter: how every fact is written in English, wherever a summary states it.
 * A fact's `text` is this function's output, and the summaries render each placeholder
 * with it, so a figure can only reach a buyer as its fact's text.
 *
 *   amount             KRW 17.4 billion, KRW 171.5 trillion, USD 954.21 million, KRW 1,719
 *   shares             495,472 shares, 364,128 common shares
 *   percent            6.9%
 *   percentage_points  1.06 percentage points
 *   ratio              0.5 new shares per share
 *   date               September 22, 2025 (July 2026 for a month)
 *   period             the second quarter of 2026, the first half of 2022, March 1, 2026 to June 30, 2026
 *   count              4 vessels, 220 persons, 24 (a series number)
 *   party/security/enumeration: the English form chosen when the fact was read
 *
 * Amounts and changes that carry their sign in words (an operating loss, a discount, a fall)
 * are written as magnitudes; the words come from the fact's role (../prose.ts).
 */
import type { FactKind, FactValue } from "./types";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const SCALES: readonly (readonly [number, string])[] = [
  [1e12, "trillion"],
  [1e9, "billion"],
  [1e6, "million"],
];

/** `1,234,567.5`: thousands grouped, up to `decimals` decimals, trailing zeros dropped. */
function groupedNumber(value: number, decimals = 2): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: decimals });
}

/**
 * A scaled figure: exact when two decimals say it (171.5, 89.49, 18), else rounded to four
 * significant digits at most (3.725, 154.99).
 */
function scaled(value: number): string {
  const exact = Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
  if (exact) return groupedNumber(value, 2);
  return groupedNumber(value, value >= 100 ? 2 : value >= 10 ? 2 : 3);
}

/** `KRW 17.4 billion`, `USD 20 million`, `KRW 1,719`. Negative amounts keep their sign unless `magnitude`. */
export function formatAmount(value: number, currency = "KRW"): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  for (const [scale, word] of SCALES) {
    if (abs >= scale) return `${currency} ${sign}${scaled(abs / scale)} ${word}`;
  }
  return `${currency} ${sign}${groupedNumber(abs)}`;
}

/** `September 22, 2025` from `2025-09-22`; `July 2026` from `2026-07`. */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return day ? `${MONTH_NAMES[month - 1]} ${day}, ${year}` : `${MONTH_NAMES[month - 1]} ${year}`;
}

const ORDINALS = ["first", "second", "third", "fourth"];

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar quarter, half or year by name; any other span by its dates. */
export function formatPeriod(from: string, to: string): string {
  const [fy, fm, fd] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  const calendar = fy === ty && fd === 1 && td === lastDayOf(ty, tm) && (fm - 1) % 3 === 0;
  if (calendar) {
    const months = tm - fm + 1;
    if (months === 3) return `the ${ORDINALS[(fm - 1) / 3]} quarter of ${fy}`;
    if (months === 6 && (fm === 1 || fm === 7)) return `the ${fm === 1 ? "first" : "second"} half of ${fy}`;
    if (months === 12) return `the full year ${fy}`;
    if (fm === 1) return `the ${months} months to ${formatDate(to)}`;
  }
  return `${formatDate(from)} to ${formatDate(to)}`;
}

/** "4 vessels", "1 vessel", "24". */
function formatCount(value: number, unit: string | null): string {
  const number = groupedNumber(value);
  if (!unit) return number;
  return `${number} ${Math.abs(value) === 1 ? unit.replace(/(?<=[^s])s$/, "") : unit}`;
}

/**
 * The text of a fact's value. `english` is the English form of a party, security or
 * enumerated term (the names and term tables decide it); numbers are written as magnitudes
 * when `magnitude` (the sign is said in words).
 */
export function formatValue(
  kind: FactKind,
  value: FactValue,
  unit: string | null,
  { english, magnitude = false }: { english?: string; magnitude?: boolean } = {},
): string {
  if (typeof value === "object") return formatPeriod(value.from, value.to);
  if (typeof value === "string") {
    if (kind === "date") return formatDate(value);
    return english ?? value;
  }
  const number = magnitude ? Math.abs(value) : value;
  switch (kind) {
    case "amount":
      return formatAmount(number, unit ?? "KRW");
    case "shares":
      return `${groupedNumber(number)} ${number === 1 ? (unit ?? "shares").replace(/s$/, "") : (unit ?? "shares")}`;
    case "percent":
      return `${groupedNumber(number, 4)}%`;
    case "percentage_points":
      return `${groupedNumber(number, 4)} percentage ${Math.abs(number) === 1 ? "point" : "points"}`;
    case "ratio":
      return unit ? `${groupedNumber(number, 10)} ${unit}` : groupedNumber(number, 10);
    default:
      return formatCount(number, unit);
  }
}
