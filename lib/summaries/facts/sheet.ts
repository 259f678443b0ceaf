/**
 * buildFactSheet: the fact sheet of one filing, from DART's structured record (when there
 * is one) and its body, read through one cell reader (./cells.ts) and the form's label
 * dictionary (./forms.ts). Pure: the same input always gives the same sheet, ids included.
 *
 * Each labelled value the dictionary knows becomes a fact of that role, parsed as its kind
 * asks, with the unit its label, its table or its cell gives (`(원)`, `단위 : 백만원`,
 * `789억원`, `USD`); the first value of a role wins (the record before the body, the form
 * before its notes). A value whose label the dictionary does not know, but whose unit is
 * a figure, is listed apart among the sheet's `cells`, in Korean exactly as filed, with no kind,
 * unit or English: nothing the dictionary does not understand is sold as a fact. Every fact
 * keeps its Korean label and value cells exactly as they are written.
 */
import { personName, readableName } from "../names";
import { KOREAN_DATE_PATTERNS, KOREAN_UNIT_SCALE, datePartsOf, isoDate, parseAmount, parseDate } from "../figures";
import type { SummaryInput } from "../types";
import { bodyCells, compactLabel, type BodyCells, type Slot } from "./cells";
import { keyedTableFacts } from "./tables";
import { correctionFacts } from "./corrections";
import { formatValue } from "./format";
import { COMMON_RULES, formOf, type LabelRule } from "./forms";
import { ROLES, type RoleSpec } from "./roles";
import { structuredText } from "./structured";
import { isUntranslated, termOf } from "./terms";
import type { FactCell, FactKind, FactSheet, FactSource, FactValue, SheetFact } from "./types";

/** At most this many cells listed apart: the form's own figures, not every cell of an attachment. */
const MAX_CELLS = 40;
const CONTACT = /전화|팩스|홈페이지|이메일|사업자등록번호|생년월일|고유번호|회사코드|등록번호|소재지|주소|우편/;

export interface Parsed {
  value: FactValue;
  unit: string | null;
  /** The exact text of the value: the cell, or the part of a prose item that states it. */
  cell: string;
  english?: string;
}

const compact = (text: string | null) => (text ? compactLabel(text) : "");

/** A slot's labels compacted once: every rule of the form is tried against them. */
const compacted = new WeakMap<Slot, { label: string; groups: string[]; column: string }>();
function keysOf(slot: Slot) {
  let keys = compacted.get(slot);
  if (!keys) {
    keys = {
      label: compact(slot.label),
      groups: [compact(slot.group), compact(slot.item), compact(slot.heading)],
      column: compact(slot.column),
    };
    compacted.set(slot, keys);
  }
  return keys;
}

export function matches(rule: LabelRule, slot: Slot): boolean {
  // A phrase rule reads lines of prose, never a cell: with no label of its own it would match any.
  if (rule.phrase) return false;
  if (slot.notes && !rule.notes) return false;
  if (Boolean(rule.correction) !== slot.correction) return false;
  if (rule.position && !rule.position.some(([at, of]) => slot.position === at && slot.values === of)) return false;
  const keys = keysOf(slot);
  if (rule.label && !(slot.label && rule.label.test(keys.label))) return false;
  if (rule.group && !keys.groups.some((group) => rule.group!.test(group))) return false;
  if (rule.column && !(slot.column && rule.column.test(keys.column))) return false;
  return true;
}

// ---------- values ----------

const MONEY_IN_PROSE = [
  // USD 96,671,325 / $980,000,000 / US$ 20 million
  /(?:USD|US\$|\$)\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|billion|M|B)\b)?/,
  // 약 2조 7,489억원 / 31.6억 달러 / 789억원
  /\d[\d,.]*\s*(?:조|억|천만|백만|만)(?:\s*\d[\d,.]*\s*(?:억|천만|백만|만))*\s*(?:원|달러)/,
  // 95,250,256,522원
  /\d{1,3}(?:,\d{3})+\s*원/,
];
const PERCENT_IN_PROSE = /-?\d[\d,]*(?:\.\d+)?\s*%/;
const COUNT_IN_PROSE = /\d[\d,]*\s*(명|척|대|건|개|년|주)(?![가-힣])/;
const COUNTERS: Readonly<Record<string, string>> = {
  명: "persons",
  척: "vessels",
  대: "units",
  건: "cases",
  개: "units",
  년: "years",
};
const RANGE = new RegExp(
  String.raw`(\d{4}\s*[.\-/년]\s*\d{1,2}\s*[.\-/월]\s*\d{1,2}\s*일?\.?)\s*(?:\|\s*)?(?:[~∼]|부터)\s*(?:\|\s*)?(\d{4}\s*[.\-/년]\s*\d{1,2}\s*[.\-/월]\s*\d{1,2}\s*일?)`,
);
const QUARTER = /(\d{4})\s*년\s*([1-4])\s*분기|'?(\d{2})\.([1-4])Q/;

function firstDate(text: string): { iso: string; cell: string } | null {
  let best: { iso: string; cell: string; at: number } | null = null;
  for (const pattern of KOREAN_DATE_PATTERNS) {
    for (const m of text.matchAll(new RegExp(pattern.source, "g"))) {
      const iso = isoDate(...datePartsOf(m));
      if (iso && (!best || (m.index ?? 0) < best.at)) best = { iso, cell: m[0], at: m.index ?? 0 };
      break;
    }
  }
  return best && { iso: best.iso, cell: best.cell };
}

function quarterPeriod(year: number, quarter: number): { from: string; to: string } {
  const start = (quarter - 1) * 3 + 1;
  const end = start + 2;
  const last = new Date(Date.UTC(year, end, 0)).getUTCDate();
  return {
    from: `${year}-${String(start).padStart(2, "0")}-01`,
    to: `${year}-${String(end).padStart(2, "0")}-${String(last).padStart(2, "0")}`,
  };
}

const LEGAL_FORM = /\(주\)|㈜|주식회사|\s+/g;

/**
 * The English a 5% report gives a holder beside its Korean name (`한글 | 한국산업은행 | 한자(영문) |
 * 韓國産業銀行(The Korea Development Bank)`): the Latin part, in title case when shouted.
 */
function englishInBody(korean: string, lines: readonly string[]): string | null {
  const key = korean.replace(LEGAL_FORM, "");
  if (!key) return null;
  for (const line of lines) {
    const at = line.indexOf("한자(영문)");
    if (at < 0 || !line.slice(0, at).replace(LEGAL_FORM, "").includes(key)) continue;
    const latin = /([A-Za-z][A-Za-z0-9&.,' -]*[A-Za-z.])\)?\s*$/.exec(line.slice(at + "한자(영문)".length))?.[1];
    if (!latin || latin.length < 2) return null;
    return latin === latin.toUpperCase() && latin.length > 4
      ? latin.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase())
      : latin;
  }
  return null;
}

/** The currency an amount is in: USD when its label, its cell or the cell after it says so. */
function currencyOf(slot: Slot, cell: string): string {
  const around = `${slot.label ?? ""} ${slot.column ?? ""} ${cell} ${slot.after ?? ""}`;
  if (/USD|US\$|\$|달러/.test(around) && !/\(원\)/.test(slot.label ?? "")) return "USD";
  return "KRW";
}

/** Won per unit of a bare number: the label's own unit (`(억원)`), else the table's, else 1. */
function scaleOf(slot: Slot, documentWon: number | null): number {
  const label = `${slot.label ?? ""}${slot.column ?? ""}`;
  const own = /\((조|억|천만|백만|만|천)\s*원\)/.exec(label);
  if (own) return KOREAN_UNIT_SCALE[own[1]];
  if (/\(원|원\)/.test(label)) return 1;
  return slot.won ?? (slot.correction ? (documentWon ?? 1) : 1);
}

function shareUnit(slot: Slot): string {
  const context = `${slot.label ?? ""} ${slot.group ?? ""}`;
  if (/우선주|종류주/.test(context)) return "preferred shares";
  if (/보통주/.test(context)) return "common shares";
  return "shares";
}

function number(cell: string, scale = 1): number | null {
  return parseAmount(cell.replace(/[%％]\s*$/, ""), scale);
}

export function parseValue(
  kind: FactKind,
  spec: RoleSpec | null,
  slot: Slot,
  lines: readonly string[],
  documentWon: number | null,
): Parsed | null {
  const line = lines[slot.line] ?? "";
  const raw = slot.value.trim();
  if (/^[-–—]$|^해당\s*(사항)?\s*없음$|^미해당$|^없음$/.test(raw)) return null;
  const prose = slot.prose || slot.text;
  switch (kind) {
    case "amount": {
      if (prose) {
        for (const pattern of MONEY_IN_PROSE) {
          const m = pattern.exec(raw);
          if (!m) continue;
          const cell = m[0];
          const usd = /USD|\$|달러/.test(cell);
          const million = /\b(million|M)\b/.test(cell) ? 1e6 : /\b(billion|B)\b/.test(cell) ? 1e9 : 1;
          const value = /[조억만]/.test(cell)
            ? parseAmount(cell.replace(/달러/, "원"))
            : number(cell.replace(/USD|US\$|\$|원|\s*(million|billion|M|B)\b/g, "").trim());
          if (value === null) continue;
          return { value: value * million, unit: usd ? "USD" : "KRW", cell };
        }
        return null;
      }
      const value = number(raw, /[조억만]/.test(raw) ? 1 : scaleOf(slot, documentWon));
      return value === null ? null : { value, unit: currencyOf(slot, raw), cell: raw };
    }
    case "shares": {
      const scale = /\(천주\)/.test(`${slot.label ?? ""}${slot.group ?? ""}${slot.column ?? ""}`) ? 1e3 : 1;
      const value = number(prose ? (/\d[\d,]*(?=\s*주)/.exec(raw)?.[0] ?? "") : raw, scale);
      return value === null
        ? null
        : { value, unit: shareUnit(slot), cell: prose ? `${/\d[\d,]*\s*주/.exec(raw)?.[0]}` : raw };
    }
    case "percent":
    case "percentage_points": {
      const cell = prose ? PERCENT_IN_PROSE.exec(raw)?.[0] : raw;
      const value = cell ? number(cell) : null;
      return value === null || !cell ? null : { value, unit: kind === "percent" ? "%" : "pp", cell };
    }
    case "ratio": {
      // `1 : 0.0347` (a merger ratio), `0.25` (new shares per share).
      const pair =
        /^1\s*[:：]\s*(\d[\d,]*(?:\.\d+)?)$/.exec(raw) ?? /(?:^|\s)1\s*[:：]\s*(\d[\d,]*(?:\.\d+)?)/.exec(raw);
      const value = pair ? number(pair[1]) : /[가-힣]/.test(raw) ? null : number(raw);
      return value === null ? null : { value, unit: spec?.unit ?? null, cell: pair ? pair[0].trim() : raw };
    }
    case "count": {
      if (prose || /[가-힣]/.test(raw)) {
        const m = COUNT_IN_PROSE.exec(raw);
        if (!m) return null;
        const value = number(m[0].replace(/[^\d,]/g, ""));
        return value === null ? null : { value, unit: spec?.unit ?? COUNTERS[m[1]] ?? null, cell: m[0] };
      }
      const value = number(raw);
      return value === null ? null : { value, unit: spec?.unit ?? null, cell: raw };
    }
    case "date": {
      const date = prose
        ? firstDate(raw)
        : (() => {
            const iso = parseDate(raw);
            return iso ? { iso, cell: raw } : null;
          })();
      return date && { value: date.iso, unit: null, cell: date.cell };
    }
    case "period": {
      const range =
        RANGE.exec(raw) ?? RANGE.exec(line.slice(line.indexOf(slot.label ?? "") + (slot.label ?? "").length));
      if (range) {
        const from = parseDate(range[1].replace(/\.$/, ""));
        const to = parseDate(range[2]);
        if (from && to) return { value: { from, to }, unit: null, cell: range[0] };
      }
      const quarter = QUARTER.exec(raw);
      if (quarter) {
        const year = quarter[1] ? Number(quarter[1]) : 2000 + Number(quarter[3]);
        return { value: quarterPeriod(year, Number(quarter[2] ?? quarter[4])), unit: null, cell: quarter[0] };
      }
      return null;
    }
    case "party": {
      if (!prose && !slot.text) return null;
      // `대신증권(Daishin Securities)`: the filing's own English for the name.
      const own = /^(.*[^\s(])\s*\(([A-Za-z][^()가-힣]*)\)\s*$/.exec(raw);
      const cell = (own ? raw : raw.replace(/\s*\([^()]*\)\s*$/, "")).replace(/\s*등$/, "").trim();
      if (!cell || cell.length > 80 || /^\d/.test(cell)) return null;
      // `주식회사 에이치홀딩스 외 1인`: a holder and its related parties.
      const group = /^(.*?)\s*외\s*(\d+)\s*인?$/.exec(cell);
      const name = group ? group[1] : cell;
      const related = group ? ` and ${group[2]} related ${group[2] === "1" ? "party" : "parties"}` : "";
      const english =
        own?.[2].trim() ??
        englishInBody(name, lines) ??
        // A holder may be a person: a short name no directory or corporate word knows.
        (spec?.concept === "holder" && /^[가-힣](?:\s?[가-힣]){1,3}$/.test(name) && /\("/.test(readableName(name))
          ? personName(name)
          : readableName(name));
      return { value: cell, unit: null, cell, english: `${english}${related}` };
    }
    default: {
      const english = spec?.terms ? termOf(raw, spec.terms) : null;
      return english ? { value: raw, unit: null, cell: raw, english } : null;
    }
  }
}

// ---------- cells the dictionary does not know ----------

/** A cell worth listing apart: a figure or a date, not a word, a dash or a code. */
function isFigureCell(slot: Slot): boolean {
  const raw = slot.value.trim();
  return !slot.text && /\d/.test(raw) && !/^[-–—]$/.test(raw);
}

// ---------- the sheet ----------

/** The documents a sheet reads, in order: DART's structured record first, then the body. */
export function sheetDocuments(input: SummaryInput): { cells: BodyCells; origin: string | null }[] {
  return [
    ...(input.structured
      ? [
          {
            cells: bodyCells(structuredText(input.structured), { groupsCarry: false }),
            origin: `DART structured record (${input.structured.api})`,
          },
        ]
      : []),
    ...(input.body ? [{ cells: bodyCells(input.body), origin: null }] : []),
  ];
}

export function sourceOf(slot: Slot, cell: string, origin: string | null, column: string | null): FactSource {
  const section = [origin, slot.group ?? slot.item].filter(Boolean).join(" / ");
  return {
    label: slot.label ?? slot.column ?? "",
    value: cell,
    ...(section && section !== slot.label ? { section } : {}),
    ...(column && slot.label ? { column } : {}),
  };
}

/** A fact (without its id) from a value cell read as `role`, whose kind is `kind`; null when it states none. */
export function readFact(
  slot: Slot,
  role: string,
  kind: FactKind,
  document: { cells: BodyCells; origin: string | null },
  column: string | null,
): Omit<SheetFact, "id"> | null {
  const spec = ROLES[role];
  if (!spec) return null;
  const parsed = parseValue(kind, spec, slot, document.cells.lines, document.cells.documentWon);
  if (!parsed || (parsed.value === 0 && !/change/.test(role) && !spec.zero)) return null;
  const source = sourceOf(slot, parsed.cell, document.origin, column);
  return {
    role,
    label: spec.en,
    kind,
    value: parsed.value,
    unit: parsed.unit,
    text: formatValue(kind, parsed.value, parsed.unit, { english: parsed.english, magnitude: Boolean(spec.signed) }),
    // A term's English from the tables; one they leave in Korean says so in its text instead.
    ...((kind === "enumeration" || kind === "security") && parsed.english && !isUntranslated(parsed.english)
      ? { translatedBy: "glossary" as const }
      : {}),
    source,
  };
}

const PHRASE_SLOT: Slot = {
  line: 0,
  label: null,
  value: "",
  group: null,
  item: null,
  heading: null,
  column: null,
  after: null,
  position: 0,
  values: 1,
  won: null,
  text: true,
  prose: true,
  notes: false,
  correction: false,
};

export function buildFactSheet(input: SummaryInput): FactSheet {
  const form = formOf(input.reportNm, input.eventType);
  const rules = [...form.rules, ...COMMON_RULES];
  const taken = new Set<string>();
  const labelled: Omit<SheetFact, "id">[] = [];
  const cells: FactCell[] = [];
  const seen = new Set<string>();
  for (const document of sheetDocuments(input)) {
    // Prose the form states a fact in (`제 54 기 반기 2022.01.01 부터 2022.06.30 까지`).
    for (const rule of rules) {
      const spec = ROLES[rule.role];
      if (!rule.phrase || !spec || taken.has(rule.role)) continue;
      document.cells.lines.some((line, index) => {
        const m = rule.phrase!.exec(line);
        if (!m?.groups?.label || !m.groups.value) return false;
        const slot = { ...PHRASE_SLOT, line: index, label: m.groups.label, value: m.groups.value };
        const fact = readFact(slot, rule.role, spec.kind, document, null);
        if (fact) {
          taken.add(rule.role);
          labelled.push(fact);
        }
        return fact !== null;
      });
    }
    for (const slot of document.cells.slots) {
      let claimed = false;
      for (const rule of rules) {
        const spec = ROLES[rule.role];
        if (!spec || taken.has(rule.role) || !matches(rule, slot)) continue;
        const fact = readFact(slot, rule.role, spec.kind, document, rule.column ? slot.column : null);
        if (!fact) continue;
        taken.add(rule.role);
        labelled.push(fact);
        claimed = true;
        // A term may state two things (처분목적 "우리사주조합 무상출연": a purpose and a free transfer); a figure one.
        if (!["enumeration", "security"].includes(spec.kind)) break;
      }
      if (claimed || slot.prose || slot.correction || !slot.label || CONTACT.test(compact(slot.label))) continue;
      const key = `${slot.label}\u0000${slot.column}\u0000${slot.value}`;
      if (!isFigureCell(slot) || cells.length >= MAX_CELLS || seen.has(key)) continue;
      seen.add(key);
      cells.push(sourceOf(slot, slot.value.trim(), document.origin, slot.column));
    }
    labelled.push(...correctionFacts(document, rules, readFact, matches), ...keyedTableFacts(document, readFact));
  }
  const facts = labelled.map((fact, i) => ({ id: `f${i + 1}`, ...fact }));
  const roles = new Set(facts.map((f) => f.role));
  return {
    rcptNo: input.rcptNo,
    eventType: input.eventType,
    facts,
    cells,
    keyRoles: [...form.keyRoles],
    missingKeyRoles: form.keyRoles.filter((role) => !roles.has(role)),
  };
}

/** True when the sheet holds at least one of its type's key facts: what a summary can be sold on. */
export function hasKeyFacts(sheet: FactSheet): boolean {
  return sheet.missingKeyRoles.length < sheet.keyRoles.length;
}
