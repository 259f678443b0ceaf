/**
 * Facts: the figures, dates and names a summary states, bound to the lines of the filing
 * that state them. The validator and the offline generator share these.
 *
 * - bodyLines / factProblem (./ground.ts): the values each body line states, with the unit
 *   its table or label gives and the labels it sits under; why a fact does not read from
 *   its source line.
 * - koreanLabel / englishConcept / conceptsAgree (./labels.ts): the label dictionary, Korean
 *   form labels and English fact labels as one vocabulary of concepts.
 * - structuredText (./structured.ts): DART's structured record (DS005) as labelled lines.
 */
export { bodyLines, factNumber, factProblem, type BodyLines, type LineValue } from "./ground";
export { conceptsAgree, englishConcept, KOREAN_LABELS, koreanLabel, type KoreanLabel } from "./labels";
export { structuredText } from "./structured";
export { buildFactSheet } from "./sheet";
export type { FactKind, FactSheet, FactSource, FactValue, SheetFact } from "./types";
