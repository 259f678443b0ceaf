/**
 * Plans as tests write them: a frame id and the roles whose facts fill it, each role filled
 * with the sheet's first fact of that role (`["supply_contract.1a", "contract.kind", …]`), or
 * an explicit `{ slot, fact }` to fill a slot with a chosen fact (a wrong one, in the
 * adversarial set).
 */
import type { FactSheet, GeneratedSummary, PlanFrame } from "@/lib/summaries";

export type Step = readonly [frame: string, ...slots: (string | { slot: string; fact: string })[]];

export function factOf(sheet: FactSheet, role: string): string {
  const fact = sheet.facts.find((f) => f.role === role);
  if (!fact) throw new Error(`${sheet.rcptNo} has no ${role}`);
  return fact.id;
}

export function planOf(sheet: FactSheet, ...steps: Step[]): PlanFrame[] {
  return steps.map(([frame, ...slots]) => ({
    frame,
    slots: slots.map((s) => (typeof s === "string" ? { slot: s, fact: factOf(sheet, s) } : s)),
  }));
}

export function answerOf(
  sheet: FactSheet,
  steps: Step[],
  extra: Partial<Omit<GeneratedSummary, "frames">> = {},
): GeneratedSummary {
  return { frames: planOf(sheet, ...steps), terms: [], importanceScore: 4, newFacts: [], ...extra };
}

/** `{contract.amount}` → `{f2}`, `{move a b c}` → `{move f4 f7 f8}`, `{label a}` → `{label f12}`: a template by roles, with the sheet's ids. */
export function cite(sheet: FactSheet, text: string): string {
  return text.replace(
    /\{(label |move )?([a-z_.]+(?: [a-z_.]+)*)\}/g,
    (whole, prefix: string | undefined, roles: string) =>
      roles === "company"
        ? whole
        : `{${prefix ?? ""}${roles
            .split(" ")
            .map((role) => factOf(sheet, role))
            .join(" ")}}`,
  );
}
