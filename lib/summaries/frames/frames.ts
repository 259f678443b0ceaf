/**
 * The catalogue (./catalogue.ts) as frames: each alternative of each sentence gets an id
 * (`supply_contract.1a`: form, sentence, alternative), and what a plan must give it is read
 * from its text once — the slots outside brackets (every one must be filled), the slots it
 * can fill at all, and its conditions on the sheet. Beside each form's own frames every form
 * has the correction leads, the general lead ("{company} disclosed …", over any roles) and
 * "It also states …" for key facts the chosen frames leave out.
 */
import { CANCELLATION_LEAD, CORRECTION_LEAD, TEMPLATES, type Sentence } from "./catalogue";

export interface Frame {
  id: string;
  /** The alternatives of one sentence share it: a summary uses at most one frame of a sentence. */
  sentence: string;
  text: string;
  /** May open a summary: its form's first sentence, or the general lead. */
  lead: boolean;
  /** A correction's or a called-off deal's lead (then it must open the summary). */
  correction?: "correction" | "cancellation";
  /** Slots outside brackets: a plan fills every one. */
  required: readonly string[];
  /** `{list …}` outside brackets: a plan fills at least one slot of each. */
  lists: readonly (readonly string[])[];
  /** Every slot the frame can fill. */
  slots: ReadonlySet<string>;
  /** Roles the sheet must have (`{?role}`), and must not have (`{!role}`). */
  needs: readonly string[];
  excludes: readonly string[];
  /** A frame over any roles of the sheet, written from the slots the plan fills. */
  open?: "disclosed" | "also";
}

/** `{role}`, `{label role}`, `{move a b c}`, `{list a b c}` (not `{company}`, `{?role}`, `{!role}`). */
export const SLOT_PLACEHOLDER = /\{(label |move |list )?([a-z_.]+(?: [a-z_.]+)*)\}/g;

export function slotsIn(text: string): string[] {
  return [...text.matchAll(SLOT_PLACEHOLDER)].flatMap((m) => m[2].split(" ")).filter((r) => r !== "company");
}

/** The text with every bracketed part removed, innermost first. */
export function outsideBrackets(text: string): string {
  let out = text;
  while (/\[[^[\]]*\]/.test(out)) out = out.replace(/\[[^[\]]*\]/g, "");
  return out;
}

const joined = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/**
 * A frame's text over the slots `has` fills: conditions dropped, each `{list …}` written over
 * its filled slots, a move's stated change dropped when unfilled, and each bracketed part
 * (innermost first) kept only when `keep` accepts its slots. The plan check and the offline
 * rule differ only in `keep`.
 */
export function resolvedText(frame: Frame, has: (role: string) => boolean, keep: (slots: string[]) => boolean): string {
  let text = frame.text
    .replace(/\{[?!][a-z_.]+\}/g, "")
    .replace(/\{list ([^{}]+)\}/g, (_, roles: string) => {
      const items = roles
        .split(" ")
        .filter(has)
        .map((role) => `{label ${role}} ({${role}})`);
      // An unfilled list in brackets: a slot nothing fills, so its part is dropped.
      return items.length > 0 ? joined(items) : `{${roles.split(" ")[0]}}`;
    })
    .replace(/\{move ([a-z_.]+) ([a-z_.]+) ([a-z_.]+)\}/g, (whole, a: string, b: string, c: string) =>
      has(c) ? whole : `{move ${a} ${b}}`,
    );
  for (const inner = /\[([^[\]]*)\]/; inner.test(text);)
    text = text.replace(inner, (_, part: string) => (keep(slotsIn(part)) ? part : ""));
  return text;
}

function frameOf(id: string, sentence: string, text: string, lead: boolean, correction?: Frame["correction"]): Frame {
  const outside = outsideBrackets(text);
  const lists = [...outside.matchAll(/\{list ([^{}]+)\}/g)].map((m) => m[1].split(" "));
  // A move's third role is the filing's stated change: written when filled, else the move stands alone.
  const required = [...outside.replace(/\{list [^{}]+\}/g, "").matchAll(SLOT_PLACEHOLDER)].flatMap((m) => {
    const roles = m[2].split(" ").filter((r) => r !== "company");
    return m[1] === "move " ? roles.slice(0, 2) : roles;
  });
  return {
    id,
    sentence,
    text,
    lead,
    ...(correction ? { correction } : {}),
    required: [...new Set(required)],
    lists,
    slots: new Set(slotsIn(text)),
    needs: [...text.matchAll(/\{\?([a-z_.]+)\}/g)].map((m) => m[1]),
    excludes: [...text.matchAll(/\{!([a-z_.]+)\}/g)].map((m) => m[1]),
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function framesOfSentences(prefix: string, sentences: readonly Sentence[], correction?: Frame["correction"]): Frame[] {
  return sentences.flatMap((alternatives, i) =>
    alternatives.map((text, j) =>
      frameOf(`${prefix}.${i + 1}${LETTERS[j]}`, `${prefix}.${i + 1}`, text, !correction && i === 0, correction),
    ),
  );
}

/** Every form's frames besides its own. */
const COMMON_FRAMES: readonly Frame[] = [
  ...framesOfSentences("correction", [CORRECTION_LEAD], "correction"),
  ...framesOfSentences("cancellation", [CANCELLATION_LEAD], "cancellation"),
  {
    ...frameOf("general.1a", "general.1", "{company} disclosed …", true),
    required: [],
    slots: new Set(),
    open: "disclosed",
  },
  ...framesOfSentences("general", [
    [],
    ["The board decided it on {decision_date}.", "The fact was confirmed on {fact_date}."],
  ]).filter((f) => f.sentence === "general.2"),
  { ...frameOf("also.1a", "also.1", "It also states …", false), required: [], slots: new Set(), open: "also" },
];

const BY_FORM = new Map<string, ReadonlyMap<string, Frame>>(
  Object.entries(TEMPLATES).map(([form, sentences]) => [
    form,
    new Map([...framesOfSentences(form, sentences), ...COMMON_FRAMES].map((f) => [f.id, f])),
  ]),
);
const COMMON_ONLY = new Map(COMMON_FRAMES.map((f) => [f.id, f]));

/** The frames a summary of a filing of this form may use, by id. */
export function framesFor(formId: string): ReadonlyMap<string, Frame> {
  return BY_FORM.get(formId) ?? COMMON_ONLY;
}

/** The frames of the form's own sentences, in catalogue order (without the common ones). */
export function ownFrames(formId: string): Frame[] {
  return [...framesFor(formId).values()].filter((f) => !COMMON_ONLY.has(f.id));
}

export { COMMON_ONLY as COMMON_FRAMES, joined };
