/**
 * Revised Romanization of Korean (국어의 로마자 표기법, 2000) by Hangul syllable decomposition.
 * The fallback for a company's English name when the DART directory has none.
 *
 * Each precomposed syllable (U+AC00–U+D7A3) is split into initial, medial and final jamo. Within
 * a run of syllables the basic sound rules apply: a final consonant moves onto a following vowel
 * (liaison), finals assimilate before ㄴ, ㅁ and ㄹ (국민 gungmin, 종로 jongno, 신라 silla),
 * a final ㅎ aspirates a following ㄱ, ㄷ or ㅈ and is silent before a vowel. Latin letters,
 * digits and punctuation are kept as they are. Each word starting with Hangul is capitalised,
 * and a space separates Hangul from adjacent Latin letters ("LG유플러스" → "LG Yupeulleoseu").
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const MEDIAL_COUNT = 21;
const FINAL_COUNT = 28;

const INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
const MEDIALS = [
  "a",
  "ae",
  "ya",
  "yae",
  "eo",
  "e",
  "yeo",
  "ye",
  "o",
  "wa",
  "wae",
  "oe",
  "yo",
  "u",
  "wo",
  "we",
  "wi",
  "yu",
  "eu",
  "ui",
  "i",
];
/** Finals at the end of a word or before a consonant: each has one representative sound. */
const FINALS = [
  "",
  "k",
  "k",
  "k",
  "n",
  "n",
  "n",
  "t",
  "l",
  "k",
  "m",
  "l",
  "l",
  "l",
  "p",
  "l",
  "m",
  "p",
  "p",
  "t",
  "t",
  "ng",
  "t",
  "t",
  "k",
  "t",
  "p",
  "t",
];
/** Finals before a vowel: carried over as the next syllable's initial (한국어 → hangugeo). */
const FINALS_BEFORE_VOWEL = [
  "",
  "g",
  "kk",
  "gs",
  "n",
  "nj",
  "n",
  "d",
  "r",
  "lg",
  "lm",
  "lb",
  "ls",
  "lt",
  "lp",
  "r",
  "m",
  "b",
  "bs",
  "s",
  "ss",
  "ng",
  "j",
  "ch",
  "k",
  "t",
  "p",
  "",
];

const INITIAL_SILENT = 11; // ㅇ
const INITIAL_NIEUN = 2; // ㄴ
const INITIAL_RIEUL = 5; // ㄹ
const INITIAL_MIEUM = 6; // ㅁ

/** Final → [final, next initial] before ㄴ or ㅁ, keyed by the final's sound. */
const BEFORE_NASAL: Readonly<Record<string, readonly [string, string?]>> = {
  k: ["ng"],
  t: ["n"],
  p: ["m"],
};
/** Final → [final, next initial] before ㄹ, keyed by the final's sound. */
const BEFORE_RIEUL: Readonly<Record<string, readonly [string, string]>> = {
  l: ["l", "l"],
  n: ["l", "l"],
  m: ["m", "n"],
  ng: ["ng", "n"],
  k: ["ng", "n"],
  p: ["m", "n"],
  t: ["n", "n"],
};
/** A final ㅎ (alone or in ㄶ, ㅀ) aspirates a following ㄱ, ㄷ, ㅈ. */
const H_FINAL_REMAINDER: ReadonlyMap<number, string> = new Map([
  [27, ""], // ㅎ
  [6, "n"], // ㄶ
  [15, "l"], // ㅀ
]);
const ASPIRATED_AFTER_H: ReadonlyMap<number, string> = new Map([
  [0, "k"], // ㄱ
  [3, "t"], // ㄷ
  [12, "ch"], // ㅈ
]);

interface Jamo {
  initial: number;
  medial: number;
  final: number;
}

function decompose(code: number): Jamo {
  const offset = code - SYLLABLE_FIRST;
  return {
    initial: Math.floor(offset / (MEDIAL_COUNT * FINAL_COUNT)),
    medial: Math.floor(offset / FINAL_COUNT) % MEDIAL_COUNT,
    final: offset % FINAL_COUNT,
  };
}

function isSyllable(code: number): boolean {
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

function isLatinLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** How a syllable's final and the next syllable's initial are written, given both. */
function junction(final: number, nextInitial: number | undefined): { final: string; nextInitial?: string } {
  if (nextInitial === undefined) return { final: FINALS[final] };
  if (nextInitial === INITIAL_SILENT) return { final: "", nextInitial: FINALS_BEFORE_VOWEL[final] };
  const hRemainder = H_FINAL_REMAINDER.get(final);
  const aspirated = ASPIRATED_AFTER_H.get(nextInitial);
  if (hRemainder !== undefined && aspirated !== undefined) return { final: hRemainder, nextInitial: aspirated };
  const sound = FINALS[final];
  if (nextInitial === INITIAL_NIEUN || nextInitial === INITIAL_MIEUM) {
    if (sound === "l" && nextInitial === INITIAL_NIEUN) return { final: "l", nextInitial: "l" };
    const nasal = BEFORE_NASAL[sound];
    if (nasal) return { final: nasal[0] };
  }
  if (nextInitial === INITIAL_RIEUL) {
    const assimilated = BEFORE_RIEUL[sound];
    if (assimilated) return { final: assimilated[0], nextInitial: assimilated[1] };
  }
  return { final: sound };
}

/** Romanizes one run of consecutive Hangul syllables as a word. */
function romanizeRun(run: readonly Jamo[]): string {
  let out = "";
  let initialOverride: string | undefined;
  for (let i = 0; i < run.length; i++) {
    const { initial, medial, final } = run[i];
    const next = run[i + 1];
    const joined = junction(final, next?.initial);
    out += (initialOverride ?? INITIALS[initial]) + MEDIALS[medial] + joined.final;
    initialOverride = joined.nextInitial;
  }
  return out;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Revised Romanization of the Hangul in `text`; everything else is kept. Words that start with
 * Hangul are capitalised ("삼성전자" → "Samseongjeonja", "한국 전력" → "Hanguk Jeollyeok").
 */
export function romanizeKorean(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (!isSyllable(code)) {
      // Latin right after Hangul reads as a new word.
      if (isLatinLetter(code) && i > 0 && isSyllable(text.charCodeAt(i - 1))) out += " ";
      out += text[i];
      i++;
      continue;
    }
    const run: Jamo[] = [];
    while (i < text.length && isSyllable(text.charCodeAt(i))) run.push(decompose(text.charCodeAt(i++)));
    const romanized = romanizeRun(run);
    const previous = out.charCodeAt(out.length - 1); // NaN at the start
    if (isLatinLetter(previous)) out += ` ${capitalize(romanized)}`;
    else out += isDigit(previous) ? romanized : capitalize(romanized);
  }
  return out;
}

/**
 * Each Hangul syllable of `text` written on its own, without the sound rules between
 * syllables (라스 "raseu", not "ras"); lower case, everything else dropped. Loanword spellings
 * are compared in this form (lib/names), since Korean spells a borrowed word syllable by
 * syllable.
 */
export function syllableSpelling(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (!isSyllable(code)) continue;
    const { initial, medial, final } = decompose(code);
    out += INITIALS[initial] + MEDIALS[medial] + FINALS[final];
  }
  return out;
}
