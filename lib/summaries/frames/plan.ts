/**
 * A summary plan and its check. A plan names frames of the catalogue, in order, and fills
 * each frame's slots with facts of the sheet by id; the server checks it and writes the
 * English from the frames' own text. The rules, each named in what a rejection says (never
 * the plan's words, so a retry learns the rule, not a word to avoid):
 *
 * - frame_unknown: every frame is one of the filing's form (./frames.ts framesFor).
 * - frame_repeated: one frame per sentence of the catalogue.
 * - lead_first: the first frame opens a summary (its form's first sentence, or the general lead)
 *   whenever the sheet can fill one of its form's leads.
 * - correction_lead: a correction opens with a correction lead (whose first figures its form's
 *   own sentences then restate "As corrected"); one reporting the deal called off is the
 *   cancellation lead and at most "It also states …". No other filing uses them.
 * - condition: a frame's `{?role}` is on the sheet and its `{!role}` is not.
 * - slot_unknown, slot_fact, slot_role: a slot is one of the frame's, its fact is on the sheet,
 *   and the fact has exactly the slot's role.
 * - slot_missing: every slot outside brackets (and one of each list) is filled.
 * - slot_unused: every filled slot is written (a bracketed part is written only when all its
 *   slots are filled, and an inner part only with its outer one).
 * - restatement: a frame states at least one fact no earlier frame stated.
 * - key_roles: every key fact the sheet has is stated.
 */
import { z } from "zod";
import type { FactSheet, SheetFact } from "../facts/types";
import { framesFor, joined, resolvedText, slotsIn, type Frame } from "./frames";

/** Four sentences and "It also states …". */
export const MAX_FRAMES = 5;
/** Facts the general lead lists at most. */
const MAX_DISCLOSED = 4;

export const planFrameSchema = z
  .object({
    frame: z.string({ error: "each frame needs its id" }),
    slots: z.array(z.object({ slot: z.string(), fact: z.string() }).strict()),
  })
  .strict();

export type PlanFrame = z.infer<typeof planFrameSchema>;

export interface PlanProblem {
  rule: string;
  detail: string;
}

export type Composition = { ok: true; template: string; cited: Set<string> } | ({ ok: false } & PlanProblem);

const fail = (rule: string, detail: string): Composition => ({ ok: false, rule, detail });

/** The words a fact of this kind is written with in a list of facts. */
function item(fact: SheetFact, role: string): string {
  return fact.kind === "amount" || fact.kind === "percent" || fact.kind === "shares"
    ? `{label ${role}} of {${role}}`
    : `{label ${role}} {${role}}`;
}

/** A frame's text for the slots filled, with role placeholders; a problem when the filling does not fit. */
function writeFrame(frame: Frame, filled: ReadonlyMap<string, SheetFact>, sheet: FactSheet): string | PlanProblem {
  if (frame.open) {
    const roles = [...filled.keys()];
    if (roles.length === 0) return { rule: "slot_missing", detail: `frame ${frame.id} needs at least one fact` };
    if (frame.open === "disclosed" && roles.length > MAX_DISCLOSED)
      return { rule: "slot_unknown", detail: `frame ${frame.id} lists at most ${MAX_DISCLOSED} facts` };
    const items = roles.map((role) => item(filled.get(role)!, role));
    return frame.open === "disclosed"
      ? `{company} disclosed ${joined(items)}.`
      : `It also states ${joined(roles.map((role) => `{label ${role}} {${role}}`))}.`;
  }
  const has = (role: string) => filled.has(role);
  for (const role of frame.needs)
    if (!sheet.facts.some((f) => f.role === role))
      return { rule: "condition", detail: `frame ${frame.id} is written only when the sheet has the ${role}` };
  for (const role of frame.excludes)
    if (sheet.facts.some((f) => f.role === role))
      return { rule: "condition", detail: `frame ${frame.id} is not written when the sheet has the ${role}` };
  for (const list of frame.lists)
    if (!list.some(has))
      return { rule: "slot_missing", detail: `frame ${frame.id} needs one of ${list.join(", ")} filled` };
  for (const role of frame.required)
    if (!has(role)) return { rule: "slot_missing", detail: `frame ${frame.id} needs its ${role} slot filled` };

  const text = resolvedText(frame, has, (slots) => slots.every(has));
  const written = new Set(slotsIn(text));
  const unused = [...filled.keys()].find((role) => !written.has(role));
  if (unused)
    return {
      rule: "slot_unused",
      detail: `frame ${frame.id} writes its ${unused} slot only with the other slots of its part filled`,
    };
  return text;
}

/**
 * The summary with placeholders (`{f3}`, `{label f3}`, `{move f3 f7}`, `{company}`) the plan's
 * frames write, or the first rule it breaks. `sheet` is the sheet with any accepted new facts.
 */
export function composePlan(
  formId: string,
  sheet: FactSheet,
  plan: readonly PlanFrame[],
  options: { correctedByOwnSentences: boolean },
): Composition {
  const frames = framesFor(formId);
  const facts = new Map(sheet.facts.map((f) => [f.id, f]));
  const has = (role: string) => sheet.facts.some((f) => f.role === role);
  const correction = !options.correctedByOwnSentences && (has("correction.original_date") || has("correction.item"));
  const cancelled = has("correction.original_date") && has("correction.cancelled");

  if (plan.length === 0 || plan.length > MAX_FRAMES)
    return fail("frame_count", `a summary has 1 to ${MAX_FRAMES} frames`);
  const chosen: Frame[] = [];
  for (const [i, step] of plan.entries()) {
    const frame = frames.get(step.frame);
    if (!frame) return fail("frame_unknown", `frame ${i + 1} is not a frame of this filing's form (${formId})`);
    if (chosen.some((f) => f.sentence === frame.sentence))
      return fail("frame_repeated", `frame ${frame.id} is a second frame of sentence ${frame.sentence}`);
    chosen.push(frame);
  }
  if (cancelled && (chosen[0].correction !== "cancellation" || chosen.slice(1).some((f) => f.open !== "also")))
    return fail(
      "correction_lead",
      "this correction reports the deal called off: its summary is the cancellation lead, then only the facts it also states",
    );
  if (!cancelled && chosen.some((f) => f.correction === "cancellation"))
    return fail("correction_lead", "the cancellation lead is only for a correction that calls the deal off");
  if (correction && !cancelled && chosen[0].correction !== "correction")
    return fail("correction_lead", "this filing is a correction: its summary opens with a correction frame");
  if (!correction && chosen.some((f) => f.correction === "correction"))
    return fail("correction_lead", "a correction frame is only for a correction");
  // A filing whose sheet fills no lead of its form opens with what it does state.
  const canLead = [...frames.values()].some((f) => f.lead && !f.open && frameFits(f, has));
  if (!chosen[0].lead && !chosen[0].correction && canLead)
    return fail("lead_first", `frame ${chosen[0].id} cannot open a summary whose sheet fills a lead frame`);
  if (chosen.slice(1).some((f) => f.correction)) return fail("correction_lead", "a correction frame opens the summary");

  const cited = new Set<string>();
  const statedRoles = new Set<string>();
  const sentences: string[] = [];
  for (const [i, step] of plan.entries()) {
    const frame = chosen[i];
    const filled = new Map<string, SheetFact>();
    for (const { slot, fact: id } of step.slots) {
      if (!frame.open && !frame.slots.has(slot)) return fail("slot_unknown", `frame ${frame.id} has no ${slot} slot`);
      if (filled.has(slot)) return fail("slot_unknown", `frame ${frame.id} fills its ${slot} slot twice`);
      const fact = facts.get(id);
      if (!fact) return fail("slot_fact", `frame ${frame.id}'s ${slot} slot cites a fact this filing's sheet lacks`);
      if (fact.role !== slot)
        return fail(
          "slot_role",
          `frame ${frame.id}'s ${slot} slot takes the fact whose role is ${slot}; ${fact.id} is the ${fact.role}`,
        );
      filled.set(slot, fact);
    }
    const written = writeFrame(frame, filled, sheet);
    if (typeof written !== "string") return { ok: false, ...written };
    if (filled.size > 0 && [...filled.keys()].every((role) => statedRoles.has(role)))
      return fail("restatement", `frame ${frame.id} states only facts an earlier frame stated`);
    for (const [role, fact] of filled) {
      statedRoles.add(role);
      cited.add(fact.id);
    }
    sentences.push(
      written.replace(/\{(label |move )?([a-z_.]+(?: [a-z_.]+)*)\}/g, (whole, prefix: string | undefined, roles) =>
        roles === "company"
          ? whole
          : `{${prefix ?? ""}${roles
              .split(" ")
              .map((r: string) => filled.get(r)!.id)
              .join(" ")}}`,
      ),
    );
  }

  // A key fact counts as stated when it is cited, or a cited fact of its kind says the same.
  const citedFacts = [...cited].map((id) => facts.get(id)!);
  const missing = sheet.keyRoles
    .map((role) => sheet.facts.find((f) => f.role === role))
    .filter((fact): fact is SheetFact => fact !== undefined)
    .filter((fact) => !citedFacts.some((c) => c.role === fact.role || (c.kind === fact.kind && c.text === fact.text)));
  if (missing.length > 0)
    return fail(
      "key_roles",
      `the plan leaves out key facts of this filing: ${missing.map((f) => `${f.id} (${f.role})`).join(", ")}`,
    );

  if (correction && !cancelled && sentences.length > 1) {
    const second = sentences[1];
    sentences[1] = `As corrected, ${second.startsWith("{") ? second : second.charAt(0).toLowerCase() + second.slice(1)}`;
  }
  const values = new Map(sheet.facts.map((f) => [f.id, JSON.stringify(f.value)]));
  const template = sentences
    .join(" ")
    // A span that starts and ends on one day is that day.
    .replace(/from \{(f\d+)\} to \{(f\d+)\}/g, (span, a: string, b: string) =>
      values.get(a) === values.get(b) ? `on {${a}}` : span,
    )
    .replace(/\s+/g, " ")
    .trim();
  return { ok: true, template, cited };
}

/** Whether a frame can be written from the sheet at all: its required slots and conditions. */
export function frameFits(frame: Frame, has: (role: string) => boolean): boolean {
  if (frame.open) return true;
  return (
    frame.required.every(has) &&
    frame.lists.every((list) => list.some(has)) &&
    frame.needs.every(has) &&
    !frame.excludes.some(has)
  );
}
