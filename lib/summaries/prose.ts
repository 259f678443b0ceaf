/**
 * Prose bound to facts. Both generators write English with placeholders, and the server
 * renders each from the fact sheet, so no figure, date, name or term reaches a buyer except
 * as a fact's text:
 *
 *   {f3}            the fact's text ("KRW 258 billion", "September 22, 2025", "Shinhan Bank")
 *   {label f3}      the fact's role in words, signed ones by their sign ("operating loss")
 *   {move f3 f7 f8} how f3 moved against f7 (with f8 the stated change, when the filing gives
 *                   one): "up 56.37% from KRW 57.23 trillion", "widened from KRW 6 billion",
 *                   "turned to a profit from a loss of KRW 1.2 billion"
 *   {company}       the filing company's English name
 *
 * checkProse rejects a template that types what only facts may say: a digit, a number word,
 * a currency, a percentage, a month, a direction of change, an enumerated term (public or
 * private, common or preferred), a name in capitals the filing company does not own; one
 * whose placeholder does not fit what its sentence calls it ("record date" must cite the
 * record-date role, "of its revenue" the revenue ratio, "bank" the creditor); a loss called
 * a profit; a comparison of facts that do not compare; and one that leaves out a key role the
 * sheet has.
 */
import { displayCompanyName, normalizeName, bundledDirectory } from "./names";
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

// ---------- checks ----------

const NUMBER_WORDS =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozens?|half|double|triple|twice|thrice)\b/i;
const ORDINAL_PERIOD = /\b(?:first|second|third|fourth|fifth)[\s-]+(?:quarter|half|series|tranche|round)\b/i;
const CURRENCY = /\b(?:KRW|USD|EUR|JPY|CNY|GBP|dollars?|yen|euros?|yuan)\b|[$₩€¥£]/i;
const CURRENCY_AFTER_PLACEHOLDER = /^\s*won\b/i;
const PERCENT = /%|\bper ?cent\b|\bpercentage points?\b|\bbasis points?\b|\bpp\b|\bbps\b/i;
const MONTHS =
  /\b(?:January|February|March|April|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b\.?/;
const DIRECTIONS =
  /\b(?:rose|rise[sn]?|rising|fell|falls?|falling|fallen|increas\w*|decreas\w*|grew|grow(?:s|n|ing|th)?|declin\w*|widen\w*|narrow\w*|jump\w*|surg\w*|soar\w*|plung\w*|drop\w*|slump\w*|climb\w*|shr[ai]nk\w*|improv\w*|worsen\w*|doubl\w*|tripl\w*|halv\w*|higher|lower|turned|swung|rebound\w*|recover\w*)\b/i;
/** Directions that are names of things, not changes: a capital increase, a floor "no lower than". */
const DIRECTION_TERMS =
  /\bcapital (?:increase|reduction)\b|\bno lower than\b|\bnot lower than\b|\b(?:falls?|fell) (?:due )?on\b/gi;
const TERMS =
  /\bpublic(?:ly)?\s+(?:offer\w*|placement|placed|issue\w*)|\bprivate(?:ly)?\s+(?:placement|placed|offer\w*|issue\w*)|\b(?:preferred|preference)\b|\b(?:common|ordinary)\s+(?:shares?|stock)\b|\btender offer\b|\bthird-party allotment\b|\bshareholder allotment\b/i;
const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
/** Capitalised words any sentence may use: places, markets, institutions, standards. */
const ALLOWED_CAPITALISED = new Set(
  (
    "Korea Korean Koreans Seoul KOSPI KOSDAQ KONEX DART Exchange Korea Exchange Financial Supervisory Service Services Commission " +
    "K-IFRS IFRS I II III IV Phase US UK EU China Chinese Japan Japanese Europe European Asia Asian America American " +
    "Vietnam Vietnamese India Indian Middle East Iraq Saudi Arabia Poland Hungary Canada Mexico Australia Oceania Germany"
  ).split(" "),
);
/** Acronyms of things, not names: products, units, instruments. */
const ACRONYM = /^[A-Z][A-Z0-9&-]{1,4}$/;

function directoryKeys(): Set<string> {
  directoryKeyCache ??= new Set(
    [...bundledDirectory().values()].map((n) => normalizeName(displayCompanyName(n))).filter((k) => k.length >= 3),
  );
  return directoryKeyCache;
}
let directoryKeyCache: Set<string> | undefined;

interface Phrase {
  pattern: RegExp;
  kinds: readonly string[];
  concepts: readonly string[];
  /** Read after the placeholder ("{f4} of its recent annual revenue"), not before it. */
  after?: boolean;
  /** Names one thing only: right before a placeholder of another kind it is a mismatch too. */
  strict?: boolean;
}

/** What a sentence calls a figure, and the concepts of the roles it may be. */
const PHRASES: readonly Phrase[] = [
  {
    pattern:
      /^\s*(?:,\s*)?(?:or\s+|equal to\s+)?of (?:its |the company's |their )?(?:most recent |recent |latest |last |annual |yearly |consolidated |previous |prior |year's |fiscal |full-year )*(?:revenue|sales)\b/i,
    kinds: ["percent"],
    concepts: ["revenue_ratio"],
    after: true,
  },
  {
    pattern: /^\s*(?:,\s*)?of (?:its |the company's )?(?:total |shareholders' |consolidated )*equity\b/i,
    kinds: ["percent"],
    concepts: ["equity_ratio"],
    after: true,
  },
  {
    pattern: /^\s*(?:,\s*)?of (?:its |the company's )?total assets\b/i,
    kinds: ["percent"],
    concepts: ["asset_ratio"],
    after: true,
  },
  {
    pattern: /^\s*(?:as (?:the |its )?)?(?:lead manager|underwriter|arranger|bookrunner)\b/i,
    kinds: ["party"],
    concepts: ["lead_manager"],
    after: true,
  },
  { pattern: /\brecord date\b/i, kinds: ["date"], concepts: ["record_date"], strict: true },
  { pattern: /\bboard\b|\bdirectors\b/i, kinds: ["date"], concepts: ["decision_date"] },
  { pattern: /\b(?:start\w*|begin\w*|commenc\w*)\b/i, kinds: ["date"], concepts: ["start"] },
  { pattern: /\b(?:payment|paid|payable|pay)\b/i, kinds: ["date"], concepts: ["payment_date"] },
  { pattern: /\bmatur\w*\b/i, kinds: ["date"], concepts: ["maturity"] },
  { pattern: /(?<!de)\blist(?:ed|ing)\b/i, kinds: ["date"], concepts: ["listing_date"] },
  { pattern: /\bdelist\w*\b/i, kinds: ["date"], concepts: ["delisting_date"] },
  { pattern: /\bshareholders'? meeting\b/i, kinds: ["date"], concepts: ["meeting_date"] },
  // Before "terminat…" and "contract": "its trust contract of {f1}" names the trust's amount.
  { pattern: /\btrust(?: contract)?\b/i, kinds: ["amount"], concepts: ["trust"] },
  { pattern: /\bterminat\w*\b/i, kinds: ["date", "amount"], concepts: ["termination_date", "contract"] },
  { pattern: /\boperating (?:profit|income|loss)\b/i, kinds: ["amount"], concepts: ["operating_profit"], strict: true },
  { pattern: /\bnet (?:income|profit|loss)\b/i, kinds: ["amount"], concepts: ["net_income"], strict: true },
  { pattern: /\bpre-?tax\b/i, kinds: ["amount"], concepts: ["pretax_profit"] },
  // A business's revenue, not the company's: "the business had revenue of", "revenue of the business".
  {
    pattern: /\bbusiness\b[^.,;:{}]*\b(?:revenue|sales)\b|\b(?:revenue|sales) of the business\b/i,
    kinds: ["amount"],
    concepts: ["target_revenue"],
  },
  {
    pattern: /\b(?:revenue|sales)\b/i,
    kinds: ["amount"],
    concepts: ["revenue", "recent_revenue", "target_revenue"],
    strict: true,
  },
  { pattern: /\bequity\b/i, kinds: ["amount"], concepts: ["equity"] },
  { pattern: /\binvest(?:ment|ing|s)?\b/i, kinds: ["amount"], concepts: ["investment"] },
  { pattern: /\b(?:contract|order|deal)\b/i, kinds: ["amount"], concepts: ["contract", "contract_initial"] },
  { pattern: /\bguarantee\w*\b/i, kinds: ["amount"], concepts: ["guarantee", "guarantee_total"] },
  { pattern: /\b(?:borrowing|debt|loan)\b/i, kinds: ["amount"], concepts: ["debt"] },
  { pattern: /\bcoupon\b/i, kinds: ["percent"], concepts: ["coupon"], strict: true },
  { pattern: /\byield\b/i, kinds: ["percent"], concepts: ["yield"] },
  {
    pattern: /\b(?:conversion|exchange|exercise) price\b|\bconvert\w* at\b|\bexchangeable at\b/i,
    kinds: ["amount"],
    concepts: ["conversion_price"],
  },
  { pattern: /\bfloor\b|\bno lower than\b|\bminimum\b/i, kinds: ["amount"], concepts: ["floor"] },
  { pattern: /\bseries\b/i, kinds: ["count"], concepts: ["series"], strict: true },
  { pattern: /\b(?:bank|lender|creditor)\b/i, kinds: ["party"], concepts: ["creditor"], strict: true },
  {
    pattern: /\b(?:lead manager|underwriter|arranger|bookrunner)\b/i,
    kinds: ["party"],
    concepts: ["lead_manager"],
    strict: true,
  },
  { pattern: /\b(?:broker|trustee)\b/i, kinds: ["party"], concepts: ["broker"] },
  { pattern: /\b(?:buyer|purchaser|acquirer)\b/i, kinds: ["party"], concepts: ["buyer", "counterparty"] },
  { pattern: /\b(?:plaintiff|sued by)\b/i, kinds: ["party"], concepts: ["plaintiff"] },
  { pattern: /\b(?:debtor|borrower)\b/i, kinds: ["party"], concepts: ["debtor"] },
  { pattern: /\b(?:holder|shareholder|investor)\b/i, kinds: ["party"], concepts: ["holder"] },
  { pattern: /\b(?:partner|counterparty|customer|client)\b/i, kinds: ["party"], concepts: ["counterparty", "buyer"] },
  {
    pattern: /\b(?:bought|buy\w*|purchas\w*|acquir\w*|sold|sell\w*|dispos\w*|repurchas\w*)\b/i,
    kinds: ["shares"],
    concepts: ["trade", "new_shares"],
  },
  {
    pattern: /\b(?:hold\w*|held|stake|owns?|ownership)\b/i,
    kinds: ["shares", "percent"],
    concepts: ["holding", "pledge"],
  },
];

interface PhraseHit {
  phrase: Phrase;
  /** Characters between the phrase and the placeholder. */
  distance: number;
  /** The words that name it. */
  words: string;
}

/**
 * The phrases that name a placeholder: one right after it, else the nearest before it in its
 * clause (back to a clause break or the previous placeholder); `fits` picks which phrases count.
 */
function phraseAt(template: string, start: number, end: number, fits: (phrase: Phrase) => boolean): PhraseHit | null {
  const after = template.slice(end, end + 80);
  for (const phrase of PHRASES) {
    if (!phrase.after || !fits(phrase)) continue;
    const m = phrase.pattern.exec(after);
    if (m) return { phrase, distance: 0, words: m[0].trim() };
  }
  const before = template.slice(0, start);
  const clauseStart = Math.max(
    before.lastIndexOf("."),
    before.lastIndexOf(";"),
    before.lastIndexOf(","),
    before.lastIndexOf(":"),
    before.lastIndexOf("}"),
    before.lastIndexOf(" and "),
    before.lastIndexOf(" while "),
    before.lastIndexOf(" but "),
  );
  const clause = before.slice(clauseStart + 1);
  let best: PhraseHit | null = null;
  for (const phrase of PHRASES) {
    if (phrase.after || !fits(phrase)) continue;
    for (const m of clause.matchAll(new RegExp(phrase.pattern.source, "gi"))) {
      const distance = clause.length - ((m.index ?? 0) + m[0].length);
      if (!best || distance < best.distance) best = { phrase, distance, words: m[0] };
    }
  }
  return best;
}

/** A strict phrase this close before a placeholder names it, whatever the fact's kind: "series {f5}". */
const ADJACENT = 4;

export interface ProseCheck {
  /** Why the template is rejected; null when it passes. */
  problem: string | null;
  /** The ids of the facts it cites. */
  cited: Set<string>;
}

/** The text a template types itself: placeholders blanked, the filing company's own name removed. */
function typedText(template: string, ownNames: readonly string[]): string {
  let text = template.replace(PLACEHOLDER, (m) => ` ${"§".repeat(Math.max(1, m.length - 2))} `);
  for (const name of ownNames) if (name.trim().length >= 2) text = text.split(name).join(" ");
  return text;
}

export function checkProse(
  template: string,
  sheet: FactSheet,
  company: { nameEn: string; displayName: string },
): ProseCheck {
  const facts = factsById(sheet);
  const cited = new Set<string>();
  const fail = (problem: string): ProseCheck => ({ problem, cited });

  // Placeholders: known forms, known facts, comparisons that compare.
  for (const m of template.matchAll(PLACEHOLDER)) {
    const token = parseToken(m[1]);
    if (!token)
      return fail(`"${m[0]}" is not a placeholder: use {f3}, {label f3}, {move f3 f7} or {move f3 f7 f8}, {company}`);
    if (token.kind === "company") continue;
    const ids = token.kind === "move" ? token.ids : [token.id];
    for (const id of ids) {
      if (!facts.has(id)) return fail(`"${m[0]}" cites ${id}, which is not a fact of this filing`);
      cited.add(id);
    }
    if (token.kind === "move") {
      const [a, b, c] = ids.map((id) => facts.get(id)!);
      const comparison = roleSpec(a.role)?.compare?.find((x) => x.base === b.role);
      if (!comparison) return fail(`"${m[0]}" compares ${a.label} with ${b.label}, which do not compare`);
      if (c && comparison.change !== c.role)
        return fail(`"${m[0]}": ${c.label} is not the change of ${a.label} against ${b.label}`);
    }
  }

  // Typed text: nothing only a fact may say.
  const ownNames = [company.nameEn, company.displayName];
  const typed = typedText(template, ownNames);
  const checks: [RegExp, string][] = [
    [/\d/, "a digit"],
    [NUMBER_WORDS, "a number in words"],
    [ORDINAL_PERIOD, "a period in words"],
    [CURRENCY, "a currency"],
    [PERCENT, "a percentage"],
    [MONTHS, "a month"],
    [TERMS, "an enumerated term (placement, offering method or share class)"],
    [CJK, "Korean or Chinese characters"],
  ];
  for (const [pattern, what] of checks) {
    const found = pattern.exec(typed);
    if (found)
      return fail(`the text types ${what} ("${found[0]}") outside a placeholder; state it only through a fact`);
  }
  const direction = DIRECTIONS.exec(typed.replace(DIRECTION_TERMS, " "));
  if (direction)
    return fail(`the text types a direction of change ("${direction[0]}"); use {move …} so it follows from the facts`);
  for (const m of template.matchAll(PLACEHOLDER)) {
    const end = (m.index ?? 0) + m[0].length;
    const token = parseToken(m[1]);
    const amount = token?.kind === "fact" && facts.get(token.id)?.kind === "amount";
    if (amount && CURRENCY_AFTER_PLACEHOLDER.test(template.slice(end)))
      return fail('the text types a currency ("won") after a figure');
    if (/(?<!\b(?:make|made|makes|making|set|sets)\s)\b(?:up|down)\s+(?:by\s+)?$/i.test(template.slice(0, m.index)))
      return fail("the text types a direction (up/down) before a figure; use {move …}");
  }
  const namesProblem = capitalisedProblem(typed);
  if (namesProblem) return fail(namesProblem);

  // Roles: a placeholder fits what its sentence calls it.
  for (const m of template.matchAll(PLACEHOLDER)) {
    const token = parseToken(m[1]);
    if (!token || token.kind !== "fact") continue;
    const fact = facts.get(token.id)!;
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const spec = roleSpec(fact.role);
    const hit = phraseAt(template, start, end, (p) => p.kinds.includes(fact.kind));
    if (hit && !(spec && hit.phrase.concepts.includes(spec.concept)))
      return fail(`{${token.id}} is the ${fact.label}, but its sentence calls it "${hit.words}"`);
    const strict = phraseAt(template, start, end, (p) => Boolean(p.strict) && !p.kinds.includes(fact.kind));
    if (strict && strict.distance <= ADJACENT)
      return fail(`{${token.id}} is the ${fact.label} (${fact.kind}), but its sentence calls it "${strict.words}"`);
    if (spec?.signed && fact.kind === "amount" && typeof fact.value === "number") {
      const clause =
        template
          .slice(Math.max(0, template.lastIndexOf(".", start) + 1), start)
          .split(/[,;]/)
          .pop() ?? "";
      const saysLoss = /\bloss\b/i.test(clause);
      const saysProfit = /\b(?:profit|income)\b/i.test(clause) && !saysLoss;
      if (fact.value < 0 && saysProfit)
        return fail(
          `{${token.id}} is a loss (${fact.text}), but its sentence calls it a profit; use {label ${token.id}}`,
        );
      if (fact.value >= 0 && saysLoss)
        return fail(
          `{${token.id}} is a profit (${fact.text}), but its sentence calls it a loss; use {label ${token.id}}`,
        );
    }
  }

  // Key roles the sheet has must be stated.
  // A key fact counts as stated when it is cited, or a cited fact of its kind says the same.
  const citedFacts = [...cited].map((id) => facts.get(id)!);
  const stated = (fact: SheetFact) =>
    citedFacts.some((c) => c.role === fact.role || (c.kind === fact.kind && c.text === fact.text));
  const missing = sheet.keyRoles.filter((role) => {
    const fact = sheet.facts.find((f) => f.role === role);
    return fact !== undefined && !stated(fact);
  });
  if (missing.length > 0) {
    const ids = missing.map((role) => sheet.facts.find((f) => f.role === role)!).map((f) => `{${f.id}} (${f.label})`);
    return fail(`the summary leaves out key facts of this filing: ${ids.join(", ")}`);
  }
  return { problem: null, cited };
}

/** Names are facts: a capitalised word the sentence does not start with, and no directory name, may be typed. */
function capitalisedProblem(typed: string): string | null {
  const keys = directoryKeys();
  for (const sentence of typed.split(/(?<=[.!?:;])\s+/)) {
    const words = sentence.split(/[\s,()"“”]+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      const word = words[i].replace(/[.'’s]+$/, "").replace(/'s$/, "");
      if (!/^[A-Z]/.test(word) || ALLOWED_CAPITALISED.has(word) || ACRONYM.test(word)) continue;
      // A sentence starts with a capital; a name it starts with runs on into another capitalised word.
      if (i === 0) {
        const next = (words[1] ?? "").replace(/[.'’s]+$/, "");
        if (!/^[A-Z]/.test(next) || ALLOWED_CAPITALISED.has(next) || ACRONYM.test(next)) continue;
      }
      return `the text types the name "${word}"; a name is stated only through a party fact`;
    }
    // Listed companies by their directory names, in lower case too.
    const plain = normalizeName(sentence).split(" ").filter(Boolean);
    for (let n = 2; n <= 4; n++) {
      for (let i = 0; i + n <= plain.length; i++) {
        const run = plain.slice(i, i + n).join(" ");
        if (keys.has(run)) return `the text names "${run}", a listed company, outside a placeholder`;
      }
    }
  }
  return null;
}
