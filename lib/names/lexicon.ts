/**
 * The loanword lexicon: which Korean spelling stands for which English word in company names,
 * learned from the directory's own pairs of Korean and English names (DART's corpCode.xml).
 *
 * Each pair is aligned piece by piece: a run of Hangul syllables matches a run of English
 * letters when both sound alike (./sound.ts: 네트웍스 with "Networks", 링크 with "LINK" in
 * "MOTIVELINK"), a Latin run matches itself, and one piece per name may be a translation
 * matched by position (전자 with "Electronics", 중공업 with "Heavy Industries"). A pair that
 * cannot be aligned whole teaches nothing, and a piece must be seen in two names or more (a
 * single syllable in three, unless it is only its own romanisation).
 */
import { syllableSpelling } from "@/lib/romanize";
import { englishSoundKeys, koreanSoundKey, LETTER_NAMES, soundsAlike, spellingDistance } from "./sound";

/** A Korean name and its English name, as the directory gives them. */
export interface NamePair {
  nameKr: string;
  nameEn: string;
}

/** A learned entry: the Korean piece, the English word(s) it stands for, and in how many names. */
export type LexiconEntry = readonly [korean: string, english: string, names: number];

const HANGUL = /^[가-힣]+$/;
const LEGAL_KOREAN = /\(주\)|㈜|주식회사|\(유\)|유한회사/g;
/** Legal-form words of an English name: not part of the name's words. */
const LEGAL_ENGLISH =
  /\b(co|ltd|inc|corp|corporation|incorporated|incorporation|company|limited|plc|llc|l\.?t\.?d)\b\.?/gi;
/** The longest piece tried, in syllables and in letters. */
const MAX_SYLLABLES = 6;
const MAX_LETTERS = 16;

type Piece = { korean: string; english: string; translated: boolean };

/** The English words of a name, legal forms left out. */
export function englishWords(nameEn: string): string[] {
  return nameEn
    .replace(LEGAL_ENGLISH, " ")
    .split(/[^A-Za-z0-9&]+/)
    .filter(Boolean);
}

/**
 * The pieces of one pair, aligned left to right with as few pieces as possible; null when the
 * two names cannot be aligned whole.
 */
export function alignName({ nameKr, nameEn }: NamePair): Piece[] | null {
  const korean = nameKr.replace(LEGAL_KOREAN, "").replace(/\s+/g, "");
  const words = englishWords(nameEn);
  if (korean.length === 0 || korean.length > 24 || words.length === 0) return null;
  // The English letters with "|" between words, and the original spelling beside them.
  const surface = words.join("|");
  const letters = surface.toLowerCase();
  const soundKeys = new Map<string, string[]>();
  const soundsOf = (text: string) => {
    let keys = soundKeys.get(text);
    if (keys === undefined) soundKeys.set(text, (keys = englishSoundKeys(text)));
    return keys;
  };
  const memo = new Map<number, Piece[] | null>();

  const go = (i: number, j: number, gapLeft: boolean): Piece[] | null => {
    while (letters[j] === "|") j++;
    if (i === korean.length) return j === letters.length ? [] : null;
    const memoKey = (i * 256 + j) * 2 + (gapLeft ? 1 : 0);
    if (memo.has(memoKey)) return memo.get(memoKey)!;
    let best: Piece[] | null = null;
    // Fewest pieces; between as many, the spellings that agree best (코너스톤|네트웍스, not 코너스톤네|트웍스).
    const consider = (piece: Piece, rest: Piece[] | null) => {
      if (!rest) return;
      const candidate = [piece, ...rest];
      if (
        !best ||
        candidate.length < best.length ||
        (candidate.length === best.length && misfit(candidate) < misfit(best))
      )
        best = candidate;
    };

    const latin = /^[A-Za-z0-9&]+/.exec(korean.slice(i))?.[0];
    if (latin) {
      if (letters.startsWith(latin.toLowerCase(), j))
        consider({ korean: latin, english: latin, translated: false }, go(i + latin.length, j + latin.length, gapLeft));
    } else if (HANGUL.test(korean[i])) {
      for (let i2 = Math.min(korean.length, i + MAX_SYLLABLES); i2 > i; i2--) {
        const piece = korean.slice(i, i2);
        if (!HANGUL.test(piece)) continue;
        const key = koreanSoundKey(piece);
        const letterName = LETTER_NAMES[piece]?.toLowerCase();
        // A closing syllable of a vowel alone (바이오, 코리아) spells a vowel pair (bio, korea):
        // 대성에 is not "Daesung", whose 에 begins 에너지 "Energy".
        const vowelPairEnd = piece.length > 1 && /^[aeiouwy]+$/.test(syllableSpelling(piece.slice(-1)));
        for (let j2 = Math.min(letters.length, j + MAX_LETTERS); j2 > j; j2--) {
          const span = letters.slice(j, j2);
          if (span.includes("|")) continue;
          // A fragment of a glued word ("MOTIVE|LINK") has three letters or more: never "ce" of "science".
          const wholeWord = (j === 0 || letters[j - 1] === "|") && (j2 === letters.length || letters[j2] === "|");
          const alike =
            letterName === span ||
            ((span.length >= 3 || wholeWord) &&
              key !== "" &&
              soundsOf(span).includes(key) &&
              soundsAlike(piece, span) &&
              (!vowelPairEnd || /[aeiouy]{2}$/.test(span)));
          if (alike) consider({ korean: piece, english: surface.slice(j, j2), translated: false }, go(i2, j2, gapLeft));
        }
      }
      // One translated piece per name, of whole words, when nothing sounds alike here.
      if (!best && gapLeft && (j === 0 || letters[j - 1] === "|")) {
        const wordEnds = [...letters.matchAll(/\||$/g)].map((m) => m.index!).filter((end) => end > j);
        for (let i2 = i + 1; i2 <= Math.min(korean.length, i + 4); i2++) {
          const piece = korean.slice(i, i2);
          if (!HANGUL.test(piece)) break;
          for (const j2 of wordEnds.slice(0, 2)) {
            const english = surface.slice(j, j2).replace(/\|/g, " ");
            consider({ korean: piece, english, translated: true }, go(i2, j2, false));
          }
        }
      }
    }
    memo.set(memoKey, best);
    return best;
  };
  const pieces = go(0, 0, true);
  // A translation alone says nothing: at least one piece must sound alike.
  return pieces?.some((p) => !p.translated) ? pieces : null;
}

/** How far a sound-alike alignment's spellings are from each other, summed. */
function misfit(pieces: readonly Piece[]): number {
  return pieces.reduce(
    (sum, p) => sum + (p.translated || !HANGUL.test(p.korean) ? 0.5 : spellingDistance(p.korean, p.english)),
    0,
  );
}

/** Title Case for a word the directory shouts or whispers ("NETWORKS", "nasmedia"); a mixed-case one is kept. */
function tidyWord(word: string): string {
  if (word.length <= 2 || word.includes("&")) return word.toUpperCase();
  if (word !== word.toUpperCase() && word !== word.toLowerCase()) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** What the directory teaches: its Korean pieces with their English, and its English words. */
export interface Lexicon {
  /** Korean piece → English, most used first. */
  pieces: LexiconEntry[];
  /** The English words of the directory's names (glued ones split: "CrystalGenomics"), with how many names use each. */
  words: (readonly [word: string, names: number])[];
}

/** The lexicon the directory's pairs teach. */
export function learnLexicon(pairs: readonly NamePair[]): Lexicon {
  return { pieces: learnPieces(pairs), words: vocabulary(pairs) };
}

/** Words of four letters or more, camel-case compounds split, counted once per name. */
function vocabulary(pairs: readonly NamePair[]): Lexicon["words"] {
  const counts = new Map<string, { names: number; spellings: Map<string, number> }>();
  for (const { nameEn } of pairs) {
    const words = new Set(
      englishWords(nameEn)
        .flatMap((word) => word.split(/(?<=[a-z])(?=[A-Z])/))
        .filter((word) => /^[A-Za-z]{4,}$/.test(word)),
    );
    for (const word of words) {
      const entry = counts.get(word.toLowerCase()) ?? { names: 0, spellings: new Map<string, number>() };
      counts.set(word.toLowerCase(), entry);
      entry.names += 1;
      const spelling = tidyWord(word);
      entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
    }
  }
  return [...counts.values()]
    .map(({ names, spellings }) => [[...spellings].sort((a, b) => b[1] - a[1])[0][0], names] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function learnPieces(pairs: readonly NamePair[]): LexiconEntry[] {
  /** Korean piece → English (lower case) → how many names, how many were sound-alike, spellings seen. */
  const seen = new Map<string, Map<string, { names: number; alike: number; spellings: Map<string, number> }>>();
  for (const pair of pairs) {
    for (const piece of alignName(pair) ?? []) {
      if (!HANGUL.test(piece.korean) || LETTER_NAMES[piece.korean]) continue;
      const byEnglish = seen.get(piece.korean) ?? new Map();
      seen.set(piece.korean, byEnglish);
      const lower = piece.english.toLowerCase();
      const entry = byEnglish.get(lower) ?? { names: 0, alike: 0, spellings: new Map<string, number>() };
      byEnglish.set(lower, entry);
      entry.names += 1;
      if (!piece.translated) entry.alike += 1;
      const spelling = piece.english.split(" ").map(tidyWord).join(" ");
      entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
    }
  }
  const learned: LexiconEntry[] = [];
  for (const [korean, byEnglish] of seen) {
    const [english, best] = [...byEnglish].sort((a, b) => b[1].names - a[1].names)[0];
    const syllables = korean.length;
    const kept =
      best.alike === 0
        ? syllables >= 2 && best.names >= 2
        : syllables === 1
          ? best.names >= 3 && !spelledAsRomanised(korean, english)
          : best.names >= 2;
    if (!kept) continue;
    const spelling = [...best.spellings].sort((a, b) => b[1] - a[1])[0][0];
    learned.push([korean, spelling, best.names]);
  }
  // A piece cut from a longer entry of the same English (딩스 from 홀딩스: "Holdings") is an
  // artefact of one misaligned name.
  const lexicon = learned.filter(
    ([korean, english, names]) =>
      !learned.some(
        ([other, otherEnglish, otherNames]) =>
          other !== korean && other.includes(korean) && otherEnglish === english && otherNames >= names,
      ),
  );
  return lexicon.sort((a, b) => b[2] - a[2] || a[0].localeCompare(b[0]));
}

/** A syllable whose English is only its own romanisation (한 "Han", 국 "Kuk"): nothing to learn. */
function spelledAsRomanised(syllable: string, english: string): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/eo|oo/g, "o")
      .replace(/eu/g, "u")
      .replace(/ae/g, "a")
      .replace(/g/g, "k")
      .replace(/d/g, "t")
      .replace(/b/g, "p")
      .replace(/r/g, "l");
  return plain(syllableSpelling(syllable)) === plain(english);
}
