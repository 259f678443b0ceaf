/**
 * English composed from checked frames: the catalogue of sentence frames per form
 * (./catalogue.ts, as Frames with ids in ./frames.ts), the plan a generator answers — frames in
 * order with the facts that fill their slots — and its check and composition (./plan.ts), and
 * the terms a model may add: English for free-text cells no glossary reads, each written beside
 * its Korean (./terms.ts). No sentence is a generator's own: every claim is a frame's.
 */
export { CORRECTED_BY_OWN_SENTENCES } from "./catalogue";
export { COMMON_FRAMES, framesFor, ownFrames, slotsIn, type Frame } from "./frames";
export {
  composePlan,
  frameFits,
  MAX_FRAMES,
  planFrameSchema,
  type Composition,
  type PlanFrame,
  type PlanProblem,
} from "./plan";
export { applyTerms, listedNameIn, termProblem, untranslatedCell, type PlanTerm } from "./terms";
