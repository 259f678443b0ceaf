/**
 * Placeholders rendered from facts: the frames (./frames) write English with placeholders and
 * the server renders each from the fact sheet, so no figure, date, name or term reaches a buyer
 * except as a fact's text:
 *
 *   {f3}            the fact's text ("KRW 258 billion", "September 22, 2025", "Shinhan Bank")
 *   {label f3}      the fact's role in words, signed ones by their sign ("operating loss")
 *   {move f3 f7 f8} how f3 moved against f7 (with f8 the stated change, when the filing gives
 *                   one): "up 56.37% from KRW 57.23 trillion", "widened from KRW 6 billion",
 *                   "turned to a profit from a loss of KRW 1.2 billion" — the direction is
 *                   computed from the two values, never written
 *   {company}       the filing company's English name
 */
import { roleSpec, type RoleSpec } from "./facts/roles";
import type { FactSheet, SheetFact } from "./facts/types";

const PLACEHOLDER = /\{([^{}]*)\}/g;

type Token =
  | { kind: "fact"; id: string }
  | { kind: "label"; id: string }
  | { kind: "move"; ids: [string, string] | [string, string, string] }
  | { kind: "company" };

function parseToken(inner: string): Token | null {
  const words = inner.trim().split(/\s+/);
  if (words.length === 1 && words[0] === "company") return { kind: "company" };
  if (words.length === 1 && /^f\d+$/.test(words[0])) return { kind: "fact", id: words[0] };
  if (words.length === 2 && words[0] === "label" && /^f\d+$/.test(words[1])) return { kind: "label", id: words[1] };
  if (
    words[0] === "move" &&
    (words.length === 3 || words.length === 4) &&
    words.slice(1).every((w) => /^f\d+$/.test(w))
  )
    return { kind: "move", ids: words.slice(1) as [string, string] | [string, string, string] };
  return null;
}

const factsById = (sheet: FactSheet) => new Map(sheet.facts.map((f) => [f.id, f]));

function numeric(fact: SheetFact): number | null {
  return typeof fact.value === "number" ? fact.value : null;
}

/** The words a signed fact's sign gives it ("operating loss"), else its role's label. */
function labelOf(fact: SheetFact, spec: RoleSpec | undefined): string {
  const value = numeric(fact);
  if (spec?.signed && value !== null) return value < 0 ? spec.signed[0] : spec.signed[1];
  return fact.label;
}

/** The direction of `current` against `base`, with the stated change when its sign agrees. */
function moveText(current: SheetFact, base: SheetFact, change: SheetFact | undefined): string {
  const a = numeric(current) ?? 0;
  const b = numeric(base) ?? 0;
  const spec = roleSpec(current.role);
  if (spec?.signed && current.kind === "amount") {
    if (a < 0 && b < 0)
      return `${Math.abs(a) > Math.abs(b) ? "widened" : Math.abs(a) < Math.abs(b) ? "narrowed" : "unchanged"} from ${base.text}`;
    if (a < 0) return `turned to a loss from a profit of ${base.text}`;
    if (b < 0) return `turned to a profit from a loss of ${base.text}`;
  }
  if (a === b) return `unchanged from ${base.text}`;
  const up = a > b;
  const stated =
    change && numeric(change) !== null && Math.sign(numeric(change)!) === (up ? 1 : -1) ? ` ${change.text}` : "";
  return `${up ? "up" : "down"}${stated} from ${base.text}`;
}

/** The summary text: every placeholder replaced by what its facts say. */
export function renderProse(template: string, sheet: FactSheet, companyNameEn: string): string {
  const facts = factsById(sheet);
  const text = (token: Token): string | null => {
    switch (token.kind) {
      case "company":
        return companyNameEn;
      case "fact":
        return facts.get(token.id)?.text ?? null;
      case "label": {
        const fact = facts.get(token.id);
        return fact ? labelOf(fact, roleSpec(fact.role)) : null;
      }
      case "move": {
        const [a, b, c] = token.ids.map((id) => facts.get(id));
        return a && b ? moveText(a, b, c) : null;
      }
    }
  };
  return (
    template
      // "Samsung Electronics'", not "Samsung Electronics's".
      .replace(/\{company\}'s\b/g, /s$/.test(companyNameEn) ? "{company}'" : "{company}'s")
      .replace(PLACEHOLDER, (whole, inner: string, at: number) => {
        const token = parseToken(inner);
        const rendered = token && text(token);
        if (!rendered) return whole;
        // A sentence that starts with a placeholder starts with a capital.
        const starts = /(?:^|[.!?]\s+)$/.test(template.slice(0, at));
        return starts ? rendered.charAt(0).toUpperCase() + rendered.slice(1) : rendered;
      })
      .replace(/\.\.(?!\.)/g, ".")
      .replace(/\s+/g, " ")
      .trim()
  );
}
