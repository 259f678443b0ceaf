/**
 * The offline generator: a deterministic summary written from the fact sheet alone, by the
 * sentences of the filing's form (./templates.ts) — the company, the event and its key
 * figure first, two to four sentences, no title restated, no boilerplate. A form without
 * sentences of its own gets the general ones over the roles its sheet has. It needs no model,
 * so it is the default when no model is configured and the fallback when the model fails;
 * its answer passes the same gate as the model's (../validate.ts).
 */
import { formOf } from "../facts/forms";
import { ROLES } from "../facts/roles";
import type { FactSheet } from "../facts/types";
import type { GeneratedSummary, SummaryGenerator, SummaryInput } from "../types";
import { CANCELLATION_LEAD, CORRECTED_BY_OWN_SENTENCES, CORRECTION_LEAD, TEMPLATES, type Sentence } from "./templates";

export const OFFLINE_GENERATOR_ID = "offline-facts-v3";

const MAX_SENTENCES = 4;
const ROLE_PLACEHOLDER = /\{(label |move |list )?([a-z_.]+(?: [a-z_.]+)*)\}/g;
/** Roles every form states only after its key facts. */
const DATES_LAST = new Set(["decision_date", "fact_date"]);

function rolesIn(text: string): string[] {
  return [...text.matchAll(ROLE_PLACEHOLDER)].flatMap((m) => m[2].split(" ")).filter((r) => r !== "company");
}

/** `{list a b c}` → `{label a} ({a}), {label b} ({b}) and {label c} ({c})` over the roles the sheet has. */
function expandLists(text: string, has: (role: string) => boolean): string {
  return text.replace(/\{list ([^{}]+)\}/g, (_, roles: string) => {
    const items = roles
      .split(" ")
      .filter(has)
      .map((role) => `{label ${role}} ({${role}})`);
    if (items.length === 0) return `{${roles.split(" ")[0]}}`; // a role the sheet lacks: the sentence is dropped
    return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  });
}

/** The sentence with its brackets resolved, or null when a role outside them is missing or it adds nothing. */
function resolve(alternative: string, has: (role: string) => boolean, cited: ReadonlySet<string>): string | null {
  // A comparison without the filing's stated change is still a comparison.
  let text = expandLists(alternative, has).replace(
    /\{move ([a-z_.]+) ([a-z_.]+) ([a-z_.]+)\}/g,
    (whole, a: string, b: string, c: string) => (has(c) ? whole : `{move ${a} ${b}}`),
  );
  // Innermost brackets first: a part is kept only when the sheet has all its roles.
  for (let inner = /\[([^[\]]*)\]/; inner.test(text);) {
    text = text.replace(inner, (_, part: string) => {
      const roles = rolesIn(part);
      if (roles.length === 0) return part;
      return roles.every(has) && !roles.every((r) => cited.has(r)) ? part : "";
    });
  }
  const required = [...text.matchAll(/\{\?([a-z_.]+)\}/g)].map((m) => m[1]);
  const excluded = [...text.matchAll(/\{!([a-z_.]+)\}/g)].map((m) => m[1]);
  text = text.replace(/\{[?!][a-z_.]+\}/g, "");
  const roles = rolesIn(text);
  if (!required.every(has) || excluded.some(has)) return null;
  if (!roles.every(has) || (roles.length > 0 && roles.every((r) => cited.has(r)))) return null;
  return text;
}

/** The general sentences: the key roles the sheet has, then its other labelled facts, four at most. */
function generalSentences(sheet: FactSheet): Sentence[] {
  const roles = [
    ...sheet.keyRoles.filter((role) => sheet.facts.some((f) => f.role === role)),
    ...sheet.facts.map((f) => f.role).filter((r): r is string => r !== null && !DATES_LAST.has(r)),
  ].filter((role, i, all) => all.indexOf(role) === i);
  const items = roles.slice(0, 4).map((role) => {
    const kind = ROLES[role]?.kind;
    return kind === "amount" || kind === "percent" || kind === "shares"
      ? `{label ${role}} of {${role}}`
      : `{label ${role}} {${role}}`;
  });
  const list = items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  return [
    [`{company} disclosed ${list}.`],
    ["The board decided it on {decision_date}.", "The fact was confirmed on {fact_date}."],
  ];
}

/** The summary with placeholders, from the sheet: what the offline generator answers. */
export function composeOfflineTemplate(input: SummaryInput, sheet: FactSheet): string {
  const ids = new Map<string, string>();
  for (const fact of sheet.facts) if (fact.role && !ids.has(fact.role)) ids.set(fact.role, fact.id);
  const has = (role: string) => ids.has(role);
  const form = formOf(input.reportNm, input.eventType);
  const write = (sentences: readonly Sentence[]) => {
    const cited = new Set<string>();
    const out: string[] = [];
    for (const sentence of sentences) {
      if (out.length >= MAX_SENTENCES) break;
      for (const alternative of sentence) {
        const text = resolve(alternative, has, cited);
        if (text === null) continue;
        for (const role of rolesIn(text)) cited.add(role);
        // A sentence all of whose parts were dropped writes nothing ("As corrected, " must lead a sentence).
        if (text.trim() !== "") out.push(text);
        break;
      }
    }
    // A key fact the sentences did not reach is stated after them.
    const missed = sheet.keyRoles.filter((role) => has(role) && !cited.has(role));
    if (out.length > 0 && missed.length > 0)
      out.push(`It also states ${missed.map((role) => `{label ${role}} {${role}}`).join(" and ")}.`);
    return out;
  };
  // A correction says what it corrects first, so its form's sentences never read as a new event.
  const lead: Sentence[] =
    !CORRECTED_BY_OWN_SENTENCES.has(form.id) && (has("correction.original_date") || has("correction.item"))
      ? [CORRECTION_LEAD]
      : [];
  // A correction that calls the deal off says so, and never restates the deal "as corrected".
  const cancelled = has("correction.original_date") && has("correction.cancelled");
  let sentences = write(cancelled ? [CANCELLATION_LEAD] : [...lead, ...(TEMPLATES[form.id] ?? [])]);
  if (!cancelled && sentences.length <= lead.length) sentences = write([...lead, ...generalSentences(sheet)]);
  if (!cancelled && lead.length > 0 && sentences.length > 1)
    sentences[1] = `As corrected, ${sentences[1].startsWith("{") ? sentences[1] : sentences[1].charAt(0).toLowerCase() + sentences[1].slice(1)}`;
  const values = new Map(sheet.facts.map((f) => [f.id, JSON.stringify(f.value)]));
  return (
    sentences
      .join(" ")
      .replace(ROLE_PLACEHOLDER, (whole, prefix: string | undefined, roles: string) => {
        if (roles === "company") return whole;
        return `{${prefix ?? ""}${roles
          .split(" ")
          .map((role) => ids.get(role) ?? role)
          .join(" ")}}`;
      })
      // A span that starts and ends on one day is that day.
      .replace(/from \{(f\d+)\} to \{(f\d+)\}/g, (span, a: string, b: string) =>
        values.get(a) === values.get(b) ? `on {${a}}` : span,
      )
  );
}

export const offlineGenerator: SummaryGenerator = {
  id: OFFLINE_GENERATOR_ID,
  deterministic: true,
  async generate(input: SummaryInput, sheet: FactSheet): Promise<GeneratedSummary> {
    return { summary: composeOfflineTemplate(input, sheet), importanceScore: input.classifierScore };
  },
};
