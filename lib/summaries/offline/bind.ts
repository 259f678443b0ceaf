/**
 * The offline generator's facts: every figure and quoted name a sentence writes, bound to the
 * body line that states it, in the form the validator checks. A sentence with a figure no
 * line states is dropped rather than stored.
 */
import { conceptsAgree, englishConcept, factNumber, factProblem, koreanLabel, type BodyLines } from "../facts";
import { rounds, unitFits, writtenFigures, type WrittenFigure } from "../traceability";
import type { Fact } from "../types";

const QUOTED_KOREAN = /\("([^"]*[\p{Script=Hangul}\p{Script=Han}][^"]*)"\)/gu;

function labelOf(labels: readonly string[]): string {
  for (const label of labels) {
    const known = koreanLabel(label);
    if (known && known.concept !== "contact") return known.en;
  }
  return "figure stated in the filing";
}

/** The first fact of the body that `figure` can be, or null. */
function locate(lines: BodyLines, figure: WrittenFigure, years: ReadonlySet<number>): Fact | null | "context" {
  if (figure.kind === "number" && /^\d{4}$/.test(figure.written) && years.has(figure.value)) return "context";
  // A figure the sentence names (revenue, coupon...) binds to a line of that concept first.
  const named = figure.kind === "number" ? figure.named : null;
  if (named) {
    const fact = search(lines, figure, (f) => conceptsAgree(englishConcept(f.label) ?? "", named));
    if (fact) return fact;
  }
  return search(lines, figure, () => true);
}

function search(lines: BodyLines, figure: WrittenFigure, accept: (fact: Fact) => boolean): Fact | null {
  for (let i = 0; i < lines.lines.length; i++) {
    for (const value of lines.valuesOf(i)) {
      let fact: Fact | null = null;
      if (typeof value.value === "string") {
        const iso = value.value;
        const fits =
          (figure.kind === "date" && figure.iso === iso) ||
          (figure.kind === "month" && figure.month !== null && iso.startsWith(figure.month)) ||
          (figure.kind === "monthday" && iso.length === 10 && iso.endsWith(figure.monthDay));
        if (fits)
          fact = {
            label: labelOf(value.labels) === "figure stated in the filing" ? "date" : `${labelOf(value.labels)} date`,
            value: iso,
            unit: "date",
            source: lines.lines[i],
          };
      } else if (figure.kind === "number") {
        const unit = value.units.find((u) => unitFits(figure.unit, u));
        if (unit && rounds(figure.value, figure.tolerance, value.value)) {
          fact = { label: labelOf(value.labels), value: String(value.value), unit, source: lines.lines[i] };
        }
      }
      if (fact && accept(fact) && factProblem(lines, fact) === null) return fact;
    }
  }
  return null;
}

/** The facts of `sentence`, or null when one of its figures is stated by no body line. */
export function bindSentence(sentence: string, lines: BodyLines, years: ReadonlySet<number>): Fact[] | null {
  const facts: Fact[] = [];
  for (const figure of writtenFigures(sentence)) {
    const fact = locate(lines, figure, years);
    if (fact === null) return null;
    if (fact !== "context" && !facts.some((f) => f.source === fact.source && f.value === fact.value)) facts.push(fact);
  }
  for (const [, name] of sentence.matchAll(QUOTED_KOREAN)) {
    const source = lines.lines.find((line) => line.includes(name));
    if (!source) return null;
    facts.push({ label: "name", value: name, unit: "name", source });
  }
  return facts;
}

/** Facts equal in value and source are one fact. */
export function distinctFacts(facts: readonly Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const key = `${f.unit}\u0000${factNumber(f) ?? f.value}\u0000${f.source}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
