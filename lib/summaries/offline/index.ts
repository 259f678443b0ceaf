/**
 * The offline generator: a deterministic plan chosen by rule from the filing's form's frames
 * (../frames) — for each sentence of the catalogue the first frame the sheet can fill, each
 * bracketed part filled when the sheet has all its facts and they add something, four
 * sentences at most, then "It also states …" for key facts left out. A correction opens with
 * its lead; a form without frames of its own gets the general ones over the roles its sheet
 * has. It needs no model, so it is the default when none is configured and the fallback when
 * the model fails; its plan passes the same check as the model's (../validate.ts).
 */
import { formOf } from "../facts/forms";
import type { FactSheet } from "../facts/types";
import { COMMON_FRAMES, ownFrames, resolvedText, slotsIn, type Frame } from "../frames/frames";
import { CORRECTED_BY_OWN_SENTENCES } from "../frames/catalogue";
import { composePlan, type PlanFrame } from "../frames/plan";
import type { GeneratedSummary, SummaryGenerator, SummaryInput } from "../types";

export const OFFLINE_GENERATOR_ID = "offline-facts-v3";

const MAX_SENTENCES = 4;
/** Roles the general lead lists only after the others (its second sentence states them). */
const DATES_LAST = new Set(["decision_date", "fact_date"]);
const GENERAL_LEAD = COMMON_FRAMES.get("general.1a")!;
const ALSO = COMMON_FRAMES.get("also.1a")!;

/**
 * The slots the rule fills in `frame`: every slot outside brackets, and a bracketed part's
 * when the sheet has all of them and not all are stated already; null when the frame cannot
 * be written or would state nothing new.
 */
function offlineFilling(frame: Frame, has: (role: string) => boolean, stated: ReadonlySet<string>): string[] | null {
  if (!frame.needs.every(has) || frame.excludes.some(has)) return null;
  const text = resolvedText(
    frame,
    has,
    (slots) => slots.length === 0 || (slots.every(has) && !slots.every((r) => stated.has(r))),
  );
  const roles = [...new Set(slotsIn(text))];
  if (!roles.every(has) || (roles.length > 0 && roles.every((r) => stated.has(r)))) return null;
  return roles;
}

/** The frames of each sentence, in catalogue order. */
function sentencesOf(frames: readonly Frame[]): Frame[][] {
  const groups = new Map<string, Frame[]>();
  for (const frame of frames) groups.set(frame.sentence, [...(groups.get(frame.sentence) ?? []), frame]);
  return [...groups.values()];
}

/** The plan the offline generator answers: frames by rule over the sheet. */
export function composeOfflinePlan(input: SummaryInput, sheet: FactSheet): PlanFrame[] {
  const ids = new Map<string, string>();
  for (const fact of sheet.facts) if (!ids.has(fact.role)) ids.set(fact.role, fact.id);
  const has = (role: string) => ids.has(role);
  const form = formOf(input.reportNm, input.eventType);
  const step = (frame: Frame, roles: readonly string[]): PlanFrame => ({
    frame: frame.id,
    slots: roles.map((role) => ({ slot: role, fact: ids.get(role)! })),
  });

  const write = (sentences: readonly Frame[][]): PlanFrame[] => {
    const stated = new Set<string>();
    const plan: PlanFrame[] = [];
    for (const alternatives of sentences) {
      if (plan.length >= MAX_SENTENCES) break;
      for (const frame of alternatives) {
        const roles = frame.open ? generalRoles(sheet) : offlineFilling(frame, has, stated);
        if (roles === null || (frame.open && roles.length === 0)) continue;
        for (const role of roles) stated.add(role);
        plan.push(step(frame, roles));
        break;
      }
    }
    // A key fact the frames did not reach is stated after them.
    const missed = sheet.keyRoles.filter((role) => has(role) && !stated.has(role));
    if (plan.length > 0 && missed.length > 0) plan.push(step(ALSO, missed));
    return plan;
  };

  const correction =
    !CORRECTED_BY_OWN_SENTENCES.has(form.id) && (has("correction.original_date") || has("correction.item"));
  const cancelled = has("correction.original_date") && has("correction.cancelled");
  const lead = correction ? [[...COMMON_FRAMES.values()].filter((f) => f.correction === "correction")] : [];
  if (cancelled) return write([[...COMMON_FRAMES.values()].filter((f) => f.correction === "cancellation")]);
  const own = write([...lead, ...sentencesOf(ownFrames(form.id))]);
  if (own.length > lead.length) return own;
  const general = sentencesOf([...COMMON_FRAMES.values()].filter((f) => f.sentence === "general.2"));
  return write([...lead, [GENERAL_LEAD], ...general]);
}

/** The general lead's facts: the key roles the sheet has, then its other roles, four at most. */
function generalRoles(sheet: FactSheet): string[] {
  return [
    ...sheet.keyRoles.filter((role) => sheet.facts.some((f) => f.role === role)),
    ...sheet.facts.map((f) => f.role).filter((r) => !DATES_LAST.has(r)),
  ]
    .filter((role, i, all) => all.indexOf(role) === i)
    .slice(0, 4);
}

/** The offline answer: its plan, and the classifier's score unchanged. */
export function offlineAnswer(input: SummaryInput, sheet: FactSheet): GeneratedSummary {
  return { frames: composeOfflinePlan(input, sheet), terms: [], importanceScore: input.classifierScore };
}

/** The offline plan's text with placeholders (for reading and tests); the rule it breaks when it breaks one. */
export function composeOfflineTemplate(input: SummaryInput, sheet: FactSheet): string {
  const form = formOf(input.reportNm, input.eventType);
  const composed = composePlan(form.id, sheet, composeOfflinePlan(input, sheet), {
    correctedByOwnSentences: CORRECTED_BY_OWN_SENTENCES.has(form.id),
  });
  return composed.ok ? composed.template : `(no summary: ${composed.rule}: ${composed.detail})`;
}

export const offlineGenerator: SummaryGenerator = {
  id: OFFLINE_GENERATOR_ID,
  deterministic: true,
  async generate(input: SummaryInput, sheet: FactSheet): Promise<GeneratedSummary> {
    return offlineAnswer(input, sheet);
  },
};
