/**
 * Reading a DART `report_nm`: normalisation, the bracket prefixes that mark amendments and
 * regulator actions, and the parenthesised qualifiers that follow the form name.
 */

const WHITESPACE = /\s+/g;
/**
 * Middle-dot look-alikes. DART titles use ㆍ (U+318D, HANGUL LETTER ARAEA); some sources
 * (the DS005 guide, copied text) use · (U+00B7) or ・ (U+30FB). Mapped only in the matching
 * key; NFKC is never applied because it rewrites U+318D itself.
 */
const MIDDLE_DOT_VARIANTS = /[\u00B7\u30FB\u2027\u2022]/g;

/**
 * The title as displayed: runs of whitespace (DART pads titles at the end and in the middle)
 * collapsed to one space, trimmed. Never NFKC: it would rewrite the ㆍ the forms are spelled with.
 */
export function normalizeReportNm(raw: string): string {
  return raw.replace(WHITESPACE, " ").trim();
}

/**
 * The key titles are matched on: no whitespace at all (spacing inside titles varies between
 * DART's eras, e.g. "주권매매거래정지(무상증자)" and "주권매매거래정지 (무상증자)") and one
 * middle dot.
 */
export function matchingKey(title: string): string {
  return title.replace(WHITESPACE, "").replace(MIDDLE_DOT_VARIANTS, "ㆍ");
}

/** The bracket prefixes DART puts before a title, from list.json's `report_nm` definition. */
export const REPORT_PREFIXES = {
  기재정정: { en: "Amendment", kind: "amendment" },
  첨부정정: { en: "Amendment (Attachments)", kind: "amendment" },
  첨부추가: { en: "Attachment Added", kind: "attachmentAdded" },
  변경등록: { en: "Amended Registration", kind: "amendment" },
  연장결정: { en: "Trust Contract Extended", kind: "extension" },
  발행조건확정: { en: "Final Issue Terms", kind: "finalTerms" },
  정정명령부과: { en: "FSS Correction Order", kind: "regulatorAction" },
  정정제출요구: { en: "FSS Correction Request", kind: "regulatorAction" },
} as const;

export type ReportPrefix = keyof typeof REPORT_PREFIXES;
export type PrefixKind = (typeof REPORT_PREFIXES)[ReportPrefix]["kind"];

function isReportPrefix(text: string): text is ReportPrefix {
  return Object.hasOwn(REPORT_PREFIXES, text);
}

export interface KeyWithPrefixes {
  prefixes: ReportPrefix[];
  /** The matching key after the prefixes. */
  body: string;
}

/** Splits the known `[...]` prefixes off the front of a matching key. */
export function splitPrefixes(key: string): KeyWithPrefixes {
  const prefixes: ReportPrefix[] = [];
  let body = key;
  while (body.startsWith("[")) {
    const close = body.indexOf("]");
    if (close < 0) break;
    const inner = body.slice(1, close);
    if (!isReportPrefix(inner)) break;
    prefixes.push(inner);
    body = body.slice(close + 1);
  }
  return { prefixes, body };
}

/**
 * Positions where a form name may end: before each `(` or `[` and at the end. Form names can
 * contain parentheses themselves ("영업(잠정)실적"), so the caller tries the longest first.
 */
export function formNameEnds(body: string): number[] {
  const ends: number[] = [body.length];
  for (let i = body.length - 1; i > 0; i--) {
    const ch = body.charCodeAt(i);
    if (ch === 0x28 /* ( */ || ch === 0x5b /* [ */) ends.push(i);
  }
  return ends;
}

const CLOSING: Readonly<Record<string, string>> = { "(": ")", "[": "]" };

export interface Groups {
  /** The contents of each top-level `(...)` or `[...]` group, in order. */
  groups: string[];
  /** Text outside any group, concatenated. */
  loose: string;
}

/**
 * Splits text into its top-level bracketed groups and the text between them. Nested brackets
 * stay inside their group; an unclosed group runs to the end (titles are sometimes truncated).
 */
export function splitGroups(text: string): Groups {
  const groups: string[] = [];
  let loose = "";
  let i = 0;
  while (i < text.length) {
    if (CLOSING[text[i]] === undefined) {
      loose += text[i];
      i++;
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      const ch = text[j];
      if (ch === "(" || ch === "[") depth++;
      else if (ch === ")" || ch === "]") {
        depth--;
        if (depth === 0) break;
      }
    }
    const inner = text.slice(i + 1, j);
    if (inner.length > 0) groups.push(inner);
    i = j + 1;
  }
  return { groups, loose };
}
