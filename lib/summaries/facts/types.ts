/**
 * The fact sheet of a filing: every figure, date, named party and enumerated term a summary
 * may state, each read from one labelled cell of the body (or one field of DART's structured
 * record), with the Korean cells it came from, verbatim, so a buyer can check it.
 */

/** What a fact is. Decides its canonical value's form and how the one formatter renders it. */
export type FactKind =
  | "amount" // money: value in the currency's unit (won, not billions), unit "KRW" | "USD" | …
  | "shares" // a share count: unit "shares" | "common shares" | "preferred shares"
  | "percent" // unit "%"
  | "percentage_points" // a change of a percentage: unit "pp"
  | "ratio" // a number per one (merger ratio 1 : x, new shares per share); unit says per what
  | "date" // value ISO "2026-07-16" (or "2026-07" for a month)
  | "period" // value { from, to } ISO dates
  | "party" // value the Korean name as filed; text its English name
  | "security" // value the Korean kind as filed ("기명식 보통주"); text "common shares"
  | "count" // a plain count: series number, persons, units, years; unit null | "persons" | …
  | "enumeration"; // a term of a closed list ("사모"): text "private placement"

export type FactValue = number | string | { from: string; to: string };

/** Where a fact comes from: the Korean label cell and the value cell exactly as the body has them. */
export interface FactSource {
  label: string;
  value: string;
  /** The group or section the label sits under when the label alone is ambiguous (`계약기간` over `시작일`). */
  section?: string;
  /** The column header over the value, in a table with several columns (`보유주식등의 수`). */
  column?: string;
}

export interface SheetFact {
  /** "f1", "f2", …: stable within a sheet (body order). */
  id: string;
  /** A role of the filing type's controlled vocabulary (./roles.ts): a sold fact always has one. */
  role: string;
  /** English: the role's label. */
  label: string;
  kind: FactKind;
  /** Canonical: won (not billions), shares, a percentage as 6.8, ISO dates, the Korean name or term. */
  value: FactValue;
  unit: string | null;
  /** The rendered form every summary states it in (../facts/format.ts, the one formatter). */
  text: string;
  /**
   * Present when the text is English for a Korean term: from the term tables and glossary
   * (`glossary`), or a model's translation of a free-text cell written beside its Korean (`model`).
   */
  translatedBy?: "glossary" | "model";
  source: FactSource;
}

/**
 * A labelled value cell the form's dictionary does not know: listed apart, in Korean exactly as
 * filed, with no kind, unit or English, so nothing unchecked is ever sold as a fact or reaches
 * the prose.
 */
export type FactCell = FactSource;

export interface FactSheet {
  rcptNo: string;
  eventType: string;
  /** Facts with a role: what a summary may state. */
  facts: SheetFact[];
  /** The other figures of the filing, verbatim (at most MAX_CELLS): for a reader to look at, never stated. */
  cells: FactCell[];
  /** The roles a summary of this type must state when the sheet has them. */
  keyRoles: string[];
  /** Key roles the sheet lacks. All of them: the filing is not sold (reason `no_facts`). */
  missingKeyRoles: string[];
}

/** A fact a model proposes beyond the sheet, pointing at its Korean cells (./proposed.ts checks it). */
export interface ProposedFact {
  /** The id the summary cites it by: n1, n2, … */
  id: string;
  /** A role of the form's vocabulary; a fact proposed without one (null) is refused. */
  role: string | null;
  kind: FactKind;
  /** The Korean label cell, verbatim. */
  label: string;
  /** The Korean value cell (or the part of a prose item stating the value), verbatim. */
  value: string;
}
