import type { AudienceTag } from "./audiences";
import { eventTypeDefinition, type EventType, type NumericExpectation } from "./event-types";
import { FORM_BY_KEY, type FormRule, type QualifierMeaning } from "./forms";
import { keywordEventType } from "./keywords";
import { refinementFor, translateQualifier } from "./qualifiers";
import { formNameEnds, matchingKey, REPORT_PREFIXES, splitGroups, splitPrefixes, type PrefixKind } from "./title";

/**
 * Version of the rules. Stored with every classified filing; bump it whenever a change to the
 * tables or the scoring would classify some title differently, so stored rows can be redone.
 */
export const CLASSIFIER_VERSION = 1;

export interface FilingInput {
  /** The title exactly as DART sends it (padding and prefixes included). */
  reportNm: string;
  /** The company the filing is about. */
  corpName?: string | null;
  /** Who filed it: the company itself, a shareholder, a fund, the exchange, an auditor. */
  flrNm?: string | null;
  /** list.json `rm` letters, e.g. "유", "코정", "철". */
  rm?: string | null;
}

export interface Classification {
  eventType: EventType;
  reportNmEn: string;
  importanceScore: number;
  numericExpectation: NumericExpectation;
  actionableFor: AudienceTag[];
}

/**
 * How `importanceScore` (an integer 1–10) is decided. The same text is in
 * lib/classify/README.md and in the vocabulary document.
 *
 * The base is the form's own score where the form table gives one (result reports, technical
 * trading halts, ...), otherwise the default score of its event type:
 * - 9–10: the listing or solvency is at stake: delisting, bankruptcy or rehabilitation, bond or
 *   debt default, trading suspension, dissolution, embezzlement, suspension of business.
 * - 7–8: the ownership or share count is repriced: dilutive issuance (rights offerings,
 *   convertible and warrant bonds), M&A (mergers, divisions, share exchanges, acquisitions,
 *   business transfers, tender offers), change of control, capital reduction, large supply
 *   contracts and their termination, delisting-risk warnings, unfaithful-disclosure designation.
 * - 4–6: material but bounded: buybacks and cancellations, bonus issues, splits, dividends,
 *   preliminary results and guidance, large revenue or profit swings, asset deals, guarantees,
 *   litigation, exchange inquiries and answers, CEO changes, convertible-bond life-cycle events,
 *   licensing and clinical news, the result reports of larger events.
 * - 1–3: routine periodic and ownership paperwork: periodic and audit reports, 5% and insider
 *   ownership reports, board and outside-director changes, meeting paperwork, record dates, IR
 *   events, prospectuses and shelf supplements, related-party and business-group disclosures,
 *   securitisation notices.
 *
 * Adjustments, added to the base and then clamped to 1..10:
 * - Amendment ([기재정정], [첨부정정], [변경등록]) −2, [첨부추가] −3, [연장결정] −2,
 *   [발행조건확정] −1; an FSS correction order or request ([정정명령부과], [정정제출요구]) 0,
 *   since regulator scrutiny is no less important than the filing. With several prefixes the
 *   largest reduction applies, once.
 * - A subsidiary's event ((자회사의 주요경영사항), (종속회사의주요경영사항)) −2.
 * - A voluntary disclosure ((자율공시): below the mandatory threshold) −1.
 * - A third party's filing (the filer is not the company, nor the exchange, the FSS, the FTC or
 *   an auditor; e.g. a fund's 5% holding report) −1.
 * - `rm` 철 (withdrawn) −3, and the label says "(Withdrawn)"; `rm` 정 (superseded by a later
 *   amendment) −1.
 */
export const IMPORTANCE_RUBRIC = [
  "importanceScore is an integer from 1 to 10. The base is the form's own score where the form table gives one, otherwise the default score of its event type:",
  "9-10: the listing or solvency is at stake: delisting, bankruptcy or rehabilitation, bond or debt default, trading suspension, dissolution, embezzlement, suspension of business.",
  "7-8: the ownership or share count is repriced: dilutive issuance (rights offerings, convertible and warrant bonds), M&A (mergers, divisions, share exchanges, acquisitions, business transfers, tender offers), change of control, capital reduction, large supply contracts and their termination, delisting-risk warnings, unfaithful-disclosure designation.",
  "4-6: material but bounded: buybacks and cancellations, bonus issues, splits, dividends, preliminary results and guidance, large revenue or profit swings, asset deals, guarantees, litigation, exchange inquiries and answers, CEO changes, convertible-bond life-cycle events, licensing and clinical news, the result reports of larger events.",
  "1-3: routine periodic and ownership paperwork: periodic and audit reports, 5% and insider ownership reports, board and outside-director changes, meeting paperwork, record dates, IR events, prospectuses and shelf supplements, related-party and business-group disclosures, securitisation notices.",
  "Adjustments, added to the base and then clamped to 1..10: an amendment ([기재정정], [첨부정정], [변경등록]) -2, an added attachment ([첨부추가]) -3, a trust extension ([연장결정]) -2, final issue terms ([발행조건확정]) -1, an FSS correction order or request 0 (with several prefixes the largest reduction applies once); a subsidiary's event -2; a voluntary disclosure -1; a third party's filing (not the company, the exchange, the FSS, the FTC or an auditor) -1; rm 철 (withdrawn) -3; rm 정 (superseded by a later amendment) -1.",
].join("\n");

const MIN_SCORE = 1;
const MAX_SCORE = 10;

const PREFIX_SCORE_DELTA: Readonly<Record<PrefixKind, number>> = {
  amendment: -2,
  attachmentAdded: -3,
  extension: -2,
  finalTerms: -1,
  regulatorAction: 0,
};
const SUBSIDIARY_SCORE_DELTA = -2;
const VOLUNTARY_SCORE_DELTA = -1;
const THIRD_PARTY_SCORE_DELTA = -1;

/** `rm` letters that change the score; the market letters (유 코 넥 채), 공 and 연 do not. */
const RM_ADJUSTMENTS: ReadonlyMap<string, { scoreDelta: number; labelEn?: string }> = new Map([
  ["철", { scoreDelta: -3, labelEn: "Withdrawn" }],
  ["정", { scoreDelta: -1 }],
]);

/** Filers who act on a company's filings by office rather than as interested third parties. */
const INSTITUTIONAL_FILER = /시장본부|거래소|금융감독원|금융위원회|공정거래위원회|회계법인|감사반/;
const CORPORATE_FORM_MARKERS = /\(주\)|㈜|주식회사|\s+/g;

/** "<date>. 제출 <title>": the filing an FSS notice or action refers to. */
const PRIOR_FILING = /^(\d{4}\.\d{1,2}\.\d{1,2})\.?제출(.+)$/;
/** Wrapped titles nest at most this deep (a correction order on a major-issues report). */
const MAX_WRAP_DEPTH = 2;

interface TitleReading {
  eventType: EventType;
  /** English form title, without qualifiers. */
  titleEn: string;
  /** Translated qualifiers, in title order. */
  qualifiersEn: string[];
  score: number;
  subsidiary: boolean;
  voluntary: boolean;
}

function defaultScore(eventType: EventType): number {
  return eventTypeDefinition(eventType).defaultScore;
}

function newReading(eventType: EventType, titleEn: string, score: number): TitleReading {
  return { eventType, titleEn, qualifiersEn: [], score, subsidiary: false, voluntary: false };
}

function withQualifiers(reading: TitleReading): string {
  let en = reading.titleEn;
  for (const qualifier of reading.qualifiersEn) en += ` (${qualifier})`;
  return en;
}

/** The longest known form name the body starts with, provided only bracketed qualifiers follow it. */
function matchForm(body: string): { rule: FormRule; groups: string[] } | undefined {
  for (const end of formNameEnds(body)) {
    const rule = FORM_BY_KEY.get(body.slice(0, end));
    if (!rule) continue;
    const { groups, loose } = splitGroups(body.slice(end));
    // Loose text after a group means a longer form we do not know ("...요구(...)에대한답변").
    if (loose === "") return { rule, groups };
  }
  return undefined;
}

function qualifierMeaning(rule: FormRule, qualifier: string): QualifierMeaning | undefined {
  const meanings = rule.qualifierMeanings;
  return meanings && Object.hasOwn(meanings, qualifier) ? meanings[qualifier] : undefined;
}

/** Translates qualifiers into the reading and lets them narrow its type or score. */
function applyQualifiers(reading: TitleReading, qualifiers: readonly string[], rule?: FormRule): TitleReading {
  let narrowed = false;
  for (const qualifier of qualifiers) {
    const translation = translateQualifier(qualifier);
    const meaning = rule && qualifierMeaning(rule, qualifier);
    const refinement = rule?.generic ? refinementFor(qualifier) : undefined;

    if (!narrowed && meaning) {
      if (meaning.eventType) reading.eventType = meaning.eventType;
      reading.score = meaning.score ?? defaultScore(reading.eventType);
      narrowed = true;
    } else if (!narrowed && refinement?.eventType) {
      reading.eventType = refinement.eventType;
      reading.score = defaultScore(refinement.eventType);
      narrowed = true;
    }

    const en = translation?.en ?? refinement?.en;
    if (en) reading.qualifiersEn.push(en);
    if (translation?.role === "subsidiary") reading.subsidiary = true;
    if (translation?.role === "voluntary") reading.voluntary = true;
  }
  return reading;
}

/** A form that carries another filing's title: read that title and label it in the form's terms. */
function readWrapped(rule: FormRule, firstQualifier: string, depth: number): TitleReading | undefined {
  if (rule.wraps === "reportKind") {
    const kind = readTitle(firstQualifier, depth + 1);
    if (kind.eventType === "OTHER") return undefined;
    return { ...kind, titleEn: `${withQualifiers(kind)} (${rule.en})`, qualifiersEn: [] };
  }
  const prior = PRIOR_FILING.exec(firstQualifier);
  if (!prior) return undefined;
  const [, filedOn, priorTitle] = prior;
  const filing = readTitle(priorTitle, depth + 1);
  const known = filing.eventType !== "OTHER";
  const titleEn = known ? `${rule.en}: ${withQualifiers(filing)} (filed ${filedOn})` : `${rule.en} (filed ${filedOn})`;
  const inheritsType = rule.wraps === "priorFilingAction" && known;
  return inheritsType
    ? newReading(filing.eventType, titleEn, filing.score)
    : newReading(rule.eventType, titleEn, rule.score ?? defaultScore(rule.eventType));
}

/** Reads a title body (matching key without prefixes) into type, English, score and roles. */
function readTitle(body: string, depth = 0): TitleReading {
  const match = matchForm(body);
  if (!match) {
    const { groups, loose } = splitGroups(body);
    const eventType = keywordEventType(loose) ?? "OTHER";
    return applyQualifiers(
      newReading(eventType, eventTypeDefinition(eventType).labelEn, defaultScore(eventType)),
      groups,
    );
  }

  const { rule, groups } = match;
  const canUnwrap = rule.wraps !== undefined && groups.length > 0 && depth < MAX_WRAP_DEPTH;
  const wrapped = canUnwrap ? readWrapped(rule, groups[0], depth) : undefined;
  if (wrapped) return applyQualifiers(wrapped, groups.slice(1));
  return applyQualifiers(newReading(rule.eventType, rule.en, rule.score ?? defaultScore(rule.eventType)), groups, rule);
}

function companyNameKey(name: string): string {
  return name.replace(CORPORATE_FORM_MARKERS, "");
}

/** A filing about the company by someone else, e.g. a fund's 5% holding report. */
export function isThirdPartyFiling(corpName: string | null | undefined, flrNm: string | null | undefined): boolean {
  if (!corpName || !flrNm) return false;
  const filer = companyNameKey(flrNm);
  if (filer === "" || filer === companyNameKey(corpName)) return false;
  return !INSTITUTIONAL_FILER.test(filer);
}

function clampScore(score: number): number {
  return Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(score)));
}

/**
 * Classifies one filing from its title and filer. Deterministic and offline: the same input
 * always gives the same answer (see CLASSIFIER_VERSION), and no call allocates regexes.
 */
export function classifyFiling(input: FilingInput): Classification {
  const { prefixes, body } = splitPrefixes(matchingKey(input.reportNm));
  const reading = readTitle(body);

  let eventType = reading.eventType;
  let labelEn = withQualifiers(reading);
  let score = reading.score;
  if (prefixes.length > 0 && eventType === "OTHER") {
    // Nothing recognisable but the prefix: say what we know, that it amends something.
    eventType = "AMENDMENT";
    labelEn = withQualifiers({ ...reading, titleEn: eventTypeDefinition("AMENDMENT").labelEn });
    score = defaultScore("AMENDMENT");
  } else if (prefixes.length > 0) {
    labelEn = `${prefixes.map((prefix) => REPORT_PREFIXES[prefix].en).join(": ")}: ${labelEn}`;
    score += Math.min(0, ...prefixes.map((prefix) => PREFIX_SCORE_DELTA[REPORT_PREFIXES[prefix].kind]));
  }

  if (reading.subsidiary) score += SUBSIDIARY_SCORE_DELTA;
  if (reading.voluntary) score += VOLUNTARY_SCORE_DELTA;
  if (isThirdPartyFiling(input.corpName, input.flrNm)) score += THIRD_PARTY_SCORE_DELTA;
  for (const letter of new Set(input.rm ?? "")) {
    const adjustment = RM_ADJUSTMENTS.get(letter);
    if (!adjustment) continue;
    score += adjustment.scoreDelta;
    if (adjustment.labelEn) labelEn += ` (${adjustment.labelEn})`;
  }

  const definition = eventTypeDefinition(eventType);
  return {
    eventType,
    reportNmEn: labelEn,
    importanceScore: clampScore(score),
    numericExpectation: definition.numericExpectation,
    actionableFor: [...definition.actionableFor],
  };
}
