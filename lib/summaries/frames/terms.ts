/**
 * Terms: a model's English for a free-text cell no glossary reads (what a contract covers, an
 * investment's purpose, a correction's reason), the one place a model's words reach a buyer —
 * and then only as a translation written beside its Korean, never as a sentence. A term is
 * accepted only as a plain noun phrase that says no more than its cell can (rules, each named
 * in a rejection without the term's words):
 *
 * - term_fact: the fact is on the sheet, its text is its Korean cell marked untranslated, and
 *   it has one term.
 * - term_plain: Latin letters, spaces and , ' & / - only: no markup, no sentence punctuation,
 *   no digit of any script except a number its Korean cell writes.
 * - term_length: about as long as its cell (at most two words a Korean syllable, 14 in all).
 * - term_claims: no negation, modality, time, amount, direction, profit or loss, relation,
 *   place, deal or legal word unless its cell says it in Korean (./terms.ts GROUNDED), and no
 *   pronoun or verb of being that would make it a statement.
 * - term_names: no capitalised word its cell does not write in Latin letters, and no listed
 *   company's name.
 */
import type { FactSheet, SheetFact } from "../facts";
import { bundledDirectory, displayCompanyName, normalizeName } from "../names";
import type { PlanProblem } from "./plan";

export interface PlanTerm {
  fact: string;
  en: string;
}

const UNTRANSLATED = /^"([\s\S]+)" \(Korean, untranslated\)$/;
const MAX_WORDS = 14;
const MAX_CHARS = 120;

/** The Korean cell a fact's text leaves untranslated, or null when the fact is in English already. */
export function untranslatedCell(fact: SheetFact): string | null {
  return UNTRANSLATED.exec(fact.text)?.[1] ?? null;
}

/** Words no term may use: they turn a name of a thing into a claim about the event. */
const NEVER =
  /^(?:may|might|could|would|will|shall|should|must|can|cannot|expect\w*|plan\w*|likely|possibl\w*|potential\w*|intend\w*|hope\w*|seek\w*|yesterday|today|tomorrow|last|next|previous|prior|recent\w*|ago|years?|yearly|quarter\w*|months?|monthly|weeks?|annual\w*|soon|later|earlier|formerly|its|it|their|they|his|her|we|our|this|that|these|those|is|are|was|were|be|been|being|did|does|do|has|have|had|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred\w*|thousand\w*|million\w*|billion\w*|trillion\w*|dozens?|half|halves|double\w*|triple\w*|quadrupl\w*|twice|thrice|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twentieth|hundredth|fraction\w*|krw|usd|won|dollars?|yen|euros?|yuan|percent\w*|pct|bps|january|february|march|april|june|july|august|september|october|november|december)$/i;

/** Words a term may use only when its Korean cell says the same: [English, the Korean that grounds it]. */
const GROUNDED: readonly (readonly [RegExp, RegExp])[] = [
  [
    /^(?:not|no|non|never|without|nor|neither|none|unable|fail\w*|refus\w*|reject\w*|den(?:y|ied|ies))$/i,
    /미|불|비|무|않|없|거부|거절|부결|반려/,
  ],
  [
    /^(?:cancel\w*|terminat\w*|withdraw\w*|revok\w*|rescind\w*|void\w*|end|ended|ending|halt\w*|suspen\w*|stop\w*)$/i,
    /취소|해지|해제|철회|소각|종료|폐지|중단|중지|정지/,
  ],
  [/^(?:approv\w*|authori[sz]\w*|permi\w*|licen[cs]\w*)$/i, /승인|허가|인가|허여|라이선스|라이센스|기술이전|실시권/],
  [/^(?:parent|subsidiar\w*|affiliat\w*|holding\w*)$/i, /모회사|지배|자회사|종속|계열|관계사|지주|그룹/],
  [/^(?:list\w*|delist\w*|ipo)$/i, /상장/],
  [
    /^(?:merg\w*|acqui\w*|takeover|buy\w*|bought|purchas\w*|sell\w*|sold|sale\w*|dispos\w*|transfer\w*)$/i,
    /합병|인수|취득|양수|매입|매수|구매|구입|매각|처분|양도|매도|판매|이전/,
  ],
  [
    /^(?:lawsuit\w*|su(?:e|ed|es|ing|it|its)|litigat\w*|court\w*|bankrupt\w*|insolven\w*|default\w*|fraud\w*|embezzl\w*|breach\w*|penalt\w*)$/i,
    /소송|소\b|법원|파산|회생|부도|불이행|횡령|배임|위반|과징금|벌금|제재/,
  ],
  [
    /^(?:ris(?:e|es|en|ing)|rose|fell|fall\w*|increas\w*|decreas\w*|grow\w*|grew|declin\w*|widen\w*|narrow\w*|jump\w*|surg\w*|soar\w*|plung\w*|drop\w*|slump\w*|slid\w*|slip\w*|eas(?:e|ed|es|ing)|lifted|climb\w*|shr[ai]nk\w*|improv\w*|worsen\w*|higher|lower|up|down|turn(?:ed|s|ing)?|swung|rebound\w*|recover\w*|expan\w*|reduc(?:e|ed|es|ing|tion)|boost\w*|cuts?)$/i,
    /증가|감소|상승|하락|확대|축소|개선|악화|증설|확장|향상|절감|감축|회복|증대|성장|강화|인하|인상/,
  ],
  [
    /^(?:profit\w*|loss\w*|gain\w*|deficit\w*|surplus\w*|black|red|earning\w*|income|revenue\w*|sales)$/i,
    /이익|손실|수익|흑자|적자|손익|매출|실적|판매/,
  ],
  [/^(?:us|u\.s|usa|america\w*|united|states)$/i, /미국|미주/],
  [/^(?:chin\w*)$/i, /중국/],
  [/^(?:japan\w*)$/i, /일본/],
  [/^(?:europe\w*|eu)$/i, /유럽|구주/],
  [/^(?:vietnam\w*)$/i, /베트남/],
  [/^(?:india\w*)$/i, /인도/],
  [/^(?:german\w*)$/i, /독일/],
  [/^(?:poland|polish)$/i, /폴란드/],
  [/^(?:hungar\w*)$/i, /헝가리/],
  [/^(?:canad\w*)$/i, /캐나다/],
  [/^(?:mexic\w*)$/i, /멕시코/],
  [/^(?:korea\w*|domestic)$/i, /한국|국내|대한민국|국내/],
  [
    /^(?:global\w*|overseas|foreign|international\w*|export\w*|import\w*|world\w*)$/i,
    /해외|글로벌|국외|국내외|수출|수입|세계|외국/,
  ],
];

/** One reason for every claim, so a retry learns the rule, not which word to swap. */
const CLAIM =
  "says more than its Korean cell: a negation, modality, time, amount, direction, outcome, relation, place or deal the cell does not state";

const PLAIN = /^[A-Za-z0-9](?:[A-Za-z0-9 ,'&/-]*[A-Za-z0-9])?$/;

let directoryKeyCache: Set<string> | undefined;
function directoryKeys(): Set<string> {
  directoryKeyCache ??= new Set(
    [...bundledDirectory().values()].map((n) => normalizeName(displayCompanyName(n))).filter((k) => k.length >= 3),
  );
  return directoryKeyCache;
}

/** The first listed company's name `text` writes (two to four words), or null. */
export function listedNameIn(text: string): string | null {
  const keys = directoryKeys();
  const words = normalizeName(text).split(" ").filter(Boolean);
  for (let n = 1; n <= 4; n++)
    for (let i = 0; i + n <= words.length; i++) {
      const run = words.slice(i, i + n).join(" ");
      if ((n > 1 || run.length >= 5) && keys.has(run)) return run;
    }
  return null;
}

/** Why `en` cannot be the English of the Korean `cell`; null when it can. */
export function termProblem(cell: string, en: string, factId: string): PlanProblem | null {
  const problem = (rule: string, detail: string) => ({ rule, detail: `the term for ${factId} ${detail}` });
  const term = en.trim();
  if (!PLAIN.test(term) || term.length > MAX_CHARS || /\s{2,}/.test(term))
    return problem(
      "term_plain",
      "must be a plain noun phrase: Latin letters, spaces and , ' & / - only, no markup or sentence punctuation",
    );
  const cellNumbers = new Set(cell.match(/\d+/g) ?? []);
  if ((term.match(/\d+/g) ?? []).some((n) => !cellNumbers.has(n)))
    return problem("term_plain", "may write only the numbers its Korean cell writes");
  const words = term.split(/[\s,/&-]+/).filter(Boolean);
  const syllables = (cell.match(/[가-힣]/g) ?? []).length;
  if (words.length > Math.min(MAX_WORDS, Math.max(3, 2 * syllables + (cell.match(/[A-Za-z]+/g) ?? []).length)))
    return problem("term_length", "is longer than a translation of its Korean cell can be");
  // A word the cell itself writes in Latin letters ("Zero", "Smart Factory") is the cell's own.
  const latin = new Set((cell.match(/[A-Za-z]+/g) ?? []).map((w) => w.toLowerCase()));
  const grounded = new Set<string>();
  for (const word of words.map((w) => w.replace(/'s?$/i, ""))) {
    if (latin.has(word.toLowerCase())) continue;
    if (NEVER.test(word)) return problem("term_claims", CLAIM);
    const grounding = GROUNDED.find(([english]) => english.test(word));
    if (grounding && !grounding[1].test(cell)) return problem("term_claims", CLAIM);
    if (grounding) grounded.add(word);
  }
  const own = (word: string) => [...latin].some((w) => word.toLowerCase().startsWith(w));
  for (const [i, word] of words.entries())
    if (i > 0 && /^[A-Z]/.test(word) && !grounded.has(word) && !own(word))
      return problem(
        "term_names",
        "writes a name its Korean cell does not write: a name is stated only through a party fact",
      );
  if (listedNameIn(term) && !listedNameIn(cell)) return problem("term_names", "names a listed company");
  return null;
}

/**
 * The sheet with the plan's terms written in: each term's fact reads "<term> (translated from
 * "<Korean>")" and says it was translated by a model; or the first rule a term breaks.
 */
export function applyTerms(
  sheet: FactSheet,
  terms: readonly PlanTerm[],
): { ok: true; sheet: FactSheet } | ({ ok: false } & PlanProblem) {
  if (terms.length === 0) return { ok: true, sheet };
  const byId = new Map(sheet.facts.map((f) => [f.id, f]));
  const translated = new Map<string, SheetFact>();
  for (const { fact: id, en } of terms) {
    const fact = byId.get(id);
    const cell = fact && untranslatedCell(fact);
    if (!fact || !cell || translated.has(id))
      return {
        ok: false,
        rule: "term_fact",
        detail: `a term translates a fact whose Korean is untranslated on the sheet, once each; ${id} is not one`,
      };
    const problem = termProblem(cell, en, id);
    if (problem) return { ok: false, ...problem };
    translated.set(id, { ...fact, text: `${en.trim()} (translated from "${cell}")`, translatedBy: "model" });
  }
  return { ok: true, sheet: { ...sheet, facts: sheet.facts.map((f) => translated.get(f.id) ?? f) } };
}
