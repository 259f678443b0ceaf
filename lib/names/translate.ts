/**
 * Korean organisation names in English, word by word (see ./index.ts): the segmentation of
 * each Hangul run into known pieces — curated words (./words.ts), the lexicon's pieces, the
 * directory's words by sound, spelt-out Latin letters — that covers the most, the rest romanised.
 */
import { romanizeKorean, syllableSpelling } from "@/lib/romanize";
import type { Lexicon } from "./lexicon";
import { englishSoundKeys, koreanSoundKey, LETTER_NAMES, soundsAlike, VOWEL_START } from "./sound";
import { CORPORATE_WORDS, KNOWN_NAMES, KNOWN_PREFIXES } from "./words";

export interface NameTranslator {
  /**
   * A Korean organisation's name in English, word by word, with its legal form ("Co., Ltd.",
   * "LLC") when `legalForm`; `romanised` when some part had no English form and was romanised.
   */
  translateName(korean: string, options?: { legalForm?: boolean }): { english: string; romanised: boolean };
}

/**
 * A word matched by sound alone is long (six letters spelt, three consonants): shorter ones
 * sound like too many others (틀라스 and "threes").
 */
const MIN_SOUND_LETTERS = 6;
const MIN_SOUND_CONSONANTS = 3;

const LONGEST_LETTER_NAME = 3;

const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
const CORPORATION = /\(주\)|㈜|주식회사/g;
const LIMITED = /\(유\)|유한회사/g;
const NUMBERED = /제\s*(\d+)\s*호/g;

/** Latin letters spelt out in Hangul, two letters or more of which one has a two-syllable name (에스케이 SK, 디앤디 D&D). */
function spelledLetters(hangul: string): string | null {
  const letters: string[] = [];
  let longName = false;
  for (let i = 0; i < hangul.length;) {
    const length = [LONGEST_LETTER_NAME, 2, 1].find((n) => LETTER_NAMES[hangul.slice(i, i + n)]);
    if (!length) return null;
    letters.push(LETTER_NAMES[hangul.slice(i, i + length)]);
    longName ||= length > 1;
    i += length;
  }
  return letters.length >= 3 || (letters.length === 2 && longName) ? letters.join("") : null;
}

interface Segmentation {
  /** Syllables covered by known pieces, each counted by its length squared (longer pieces win), by sound once. */
  score: number;
  parts: { english: string; romanised: boolean }[];
}

/** A translator that knows `lexicon`'s pieces and words. */
export function nameTranslator(lexicon: Lexicon): NameTranslator {
  /** Korean piece → English: the curated words over the learned ones. */
  const PIECES: ReadonlyMap<string, string> = new Map([
    ...lexicon.pieces.map(([korean, english]) => [korean, english] as const),
    ...Object.entries(KNOWN_PREFIXES),
    ...CORPORATE_WORDS,
    ...Object.entries(KNOWN_NAMES),
  ]);
  const LONGEST_PIECE = Math.max(...[...PIECES.keys()].map((k) => k.length));

  /**
   * The directory's English words by their consonants, each with its plural or singular
   * (네트워크 finds "Network" from "Networks"), most used first.
   */
  const WORDS_BY_SOUND: ReadonlyMap<string, readonly string[]> = (() => {
    const bySound = new Map<string, string[]>();
    const add = (word: string) => {
      for (const key of englishSoundKeys(word)) bySound.set(key, [...(bySound.get(key) ?? []), word]);
    };
    for (const [word] of lexicon.words) {
      add(word);
      add(/[^s]s$/.test(word) ? word.slice(0, -1) : `${word}s`);
    }
    return bySound;
  })();
  /** The English word a loanword spells, when the directory uses a word that sounds alike. */
  function wordBySound(hangul: string): string | undefined {
    const key = koreanSoundKey(hangul);
    if (key.replace(VOWEL_START, "").length < MIN_SOUND_CONSONANTS) return undefined;
    const vowelPairEnd = /^[aeiouwy]+$/.test(syllableSpelling(hangul.slice(-1)));
    return WORDS_BY_SOUND.get(key)?.find(
      (word) =>
        soundsAlike(hangul, word, { minLetters: MIN_SOUND_LETTERS }) && (!vowelPairEnd || /[aeiouy]{2}$/i.test(word)),
    );
  }

  /**
   * One run of Hangul as English words: the segmentation that covers the most with the longest
   * known pieces; syllables no piece covers are romanised together as one word.
   */
  function translateHangul(run: string): { words: string[]; romanised: boolean } {
    const best: (Segmentation | undefined)[] = [{ score: 0, parts: [] }];
    for (let i = 0; i < run.length; i++) {
      const here = best[i];
      if (!here) continue;
      const offer = (end: number, score: number, part: Segmentation["parts"][number]) => {
        const candidate = { score: here.score + score, parts: [...here.parts, part] };
        const current = best[end];
        if (
          !current ||
          candidate.score > current.score ||
          (candidate.score === current.score && candidate.parts.length < current.parts.length)
        )
          best[end] = candidate;
      };
      for (let end = i + 1; end <= Math.min(run.length, i + LONGEST_PIECE); end++) {
        const piece = run.slice(i, end);
        const known = PIECES.get(piece);
        if (known) offer(end, piece.length ** 2, { english: known, romanised: false });
        else if (end - i >= 2) {
          // A word found by its sound alone counts for less than the known pieces it might straddle
          // (캐디언스시스템: 시스템 "System", not a word that sounds like 디언스시스).
          const word = wordBySound(piece);
          if (word) offer(end, piece.length, { english: word, romanised: false });
          const letters = spelledLetters(piece);
          if (letters) offer(end, piece.length ** 2 - 0.5, { english: letters, romanised: false });
        }
      }
      offer(i + 1, 0, { english: run[i], romanised: true });
    }
    const words: string[] = [];
    let pending = "";
    const flush = () => {
      if (pending) words.push(romanizeKorean(pending));
      pending = "";
    };
    for (const part of best[run.length]!.parts) {
      if (part.romanised) pending += part.english;
      else {
        flush();
        words.push(part.english);
      }
    }
    flush();
    return { words, romanised: best[run.length]!.parts.some((p) => p.romanised) };
  }

  /**
   * A Korean organisation's name in English, word by word, with its legal form ("Co., Ltd.",
   * "LLC") when `legalForm`; `romanised` when some part had no English form and was romanised.
   */
  function translateName(korean: string, { legalForm = true } = {}): { english: string; romanised: boolean } {
    const name = korean.trim();
    if (!CJK.test(name)) return { english: name, romanised: false };
    const corporation = new RegExp(CORPORATION.source).test(name);
    const limited = new RegExp(LIMITED.source).test(name);
    const core = name
      .replace(CORPORATION, " ")
      .replace(LIMITED, " ")
      .replace(NUMBERED, " No. $1 ")
      .replace(/\s+/g, " ");
    const whole = KNOWN_NAMES[core.replace(/\s+/g, "")];
    if (whole) return { english: whole, romanised: false };
    let romanised = false;
    const words = core
      .trim()
      .split(" ")
      .flatMap((word) =>
        // Hangul runs are translated; Latin, digits and Han characters between them stay as written
        // (Han is dropped: a reader of English cannot use it).
        word.split(/([가-힣]+)/).flatMap((chunk) => {
          if (!/^[가-힣]+$/.test(chunk)) return chunk.replace(/\p{Script=Han}/gu, "") || [];
          const translated = translateHangul(chunk);
          romanised ||= translated.romanised;
          return translated.words;
        }),
      );
    const english = words.join(" ").replace(/\s+/g, " ").trim();
    const legal =
      !legalForm || !(corporation || limited)
        ? ""
        : limited
          ? " LLC"
          : /\b(Bank|Holdings|Securities|Insurance|Group)$/.test(english)
            ? ""
            : " Co., Ltd.";
    return { english: `${english}${legal}`, romanised };
  }

  return { translateName };
}
