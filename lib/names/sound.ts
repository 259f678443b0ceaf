/**
 * How a Korean loanword and an English word sound, reduced to what both spellings keep.
 *
 * Korean spells a borrowed word syllable by syllable (network → 네트워크 "ne-teu-wo-keu"):
 * it adds the vowel ㅡ between clustered consonants, drops an r that closes a syllable, writes
 * f as ㅍ, v as ㅂ, z and j as ㅈ, and has one letter for l and r. Both spellings are mapped
 * to a key of consonants in one alphabet, marked when the word starts with a vowel:
 * 네트워크 and "network" are both "ntk", 아틀라스 and "atlas" both "Vtls" ("tools" is "tls").
 */
import { distance } from "fastest-levenshtein";
import { syllableSpelling } from "@/lib/romanize";

/** Marks a key whose word starts with a vowel. */
export const VOWEL_START = "V";

/** Consonants that both scripts write alike after the mapping: voiced and voiceless stops merge. */
function consonantsOf(spelling: string): string {
  return spelling
    .replace(/ng/g, "N")
    .replace(/r/g, "l")
    .replace(/[aeiouwyh]/g, "")
    .replace(/g/g, "k")
    .replace(/d/g, "t")
    .replace(/b/g, "p")
    .replace(/(.)\1+/g, "$1");
}

/** The sound key of a run of Hangul syllables. */
export function koreanSoundKey(hangul: string): string {
  const spelling = syllableSpelling(hangul);
  const vowelStart = /^[aeiou]/.test(spelling);
  const key = consonantsOf(
    spelling
      .replace(/ng(?=[kg])/g, "n") // 링크 "ringkeu": the n of "link" before k
      .replace(/jeu$/, "s") // a closing 즈 is the plural s (솔루션즈 "solutions")
      .replace(/eu/g, "") // the vowel Korean inserts between borrowed consonants
      .replace(/ch|j/g, "c")
      .replace(/kk|tt|pp|ss/g, (double) => double[0]),
  );
  return vowelStart ? VOWEL_START + key : key;
}

/**
 * The sound keys of an English word (letters only): its ch read as in "chip" (ㅊ), and as in
 * "tech" and "chemical" (ㅋ: 테크, 케미칼) when it has one.
 */
export function englishSoundKeys(word: string): string[] {
  const spelling = word.toLowerCase().replace(/[^a-z]/g, "");
  const keys = [englishSoundKey(spelling)];
  if (spelling.includes("ch")) keys.push(englishSoundKey(spelling.replace(/ch/g, "k")));
  return keys;
}

/** The sound key of an English word (letters only), its ch as in "chip". */
function englishSoundKey(word: string): string {
  const spelling = word.toLowerCase().replace(/[^a-z]/g, "");
  // A u before one consonant and a vowel says "yu" (unit 유닛, union 유니온): not a vowel start.
  const vowelStart = /^[aeio]|^u(?![^aeiou][aeiouy])/.test(spelling);
  const key = consonantsOf(
    spelling
      .replace(/[ts]ion/g, "sn") // 솔루션 "sollusyeon"
      .replace(/r(?=[^aeiouy]|$)/g, "") // non-rhotic: "network" → 네트워크
      .replace(/ph/g, "f")
      .replace(/th/g, "t")
      .replace(/ck/g, "k")
      .replace(/sh/g, "s")
      .replace(/ch/g, "C") // ㅊ, kept apart from the c below
      .replace(/c(?=[eiy])/g, "s") // "science" → 사이언스
      .replace(/c|q/g, "k")
      .replace(/x/g, "ks")
      .replace(/g(?=[eiy])|j|z/g, "C") // soft g, j and z are ㅈ: "energy" → 에너지
      .replace(/C/g, "c")
      .replace(/f/g, "p")
      .replace(/v/g, "p"),
  );
  return vowelStart ? VOWEL_START + key : key;
}

/** The Latin letters as Korean spells their names (KT 케이티, LG 엘지, C&S 씨앤에스). */
export const LETTER_NAMES: Readonly<Record<string, string>> = {
  에이: "A",
  비: "B",
  씨: "C",
  디: "D",
  이: "E",
  에프: "F",
  지: "G",
  에이치: "H",
  아이: "I",
  제이: "J",
  케이: "K",
  엘: "L",
  엠: "M",
  엔: "N",
  오: "O",
  피: "P",
  큐: "Q",
  알: "R",
  에스: "S",
  티: "T",
  유: "U",
  브이: "V",
  더블유: "W",
  엑스: "X",
  와이: "Y",
  제트: "Z",
  앤: "&",
};

/** A loanword's syllables as English would spell their sounds (네트워크 "netwok", 밸류 "balu"). */
function koreanAsSpelt(hangul: string): string {
  return syllableSpelling(hangul)
    .replace(/eu/g, "")
    .replace(/ei/g, "a") // 에이 is the long a of "able"
    .replace(/ae/g, "a")
    .replace(/eo/g, "o")
    .replace(/yu/g, "u")
    .replace(/r/g, "l")
    .replace(/(kk|tt|pp|ss|ll)/g, (double) => double[0])
    .replace(/ng(?=[kg])/g, "n");
}

/** An English word as a Korean ear spells it back: no r before a consonant, f as p, v as b. */
function englishAsSpelt(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/r(?=[^aeiouy]|$)/g, "")
    .replace(/r/g, "l")
    .replace(/ph|f/g, "p")
    .replace(/v/g, "b")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/g(?=[eiy])/g, "j")
    .replace(/ck|c|q/g, "k")
    .replace(/x/g, "ks")
    .replace(/th/g, "t")
    .replace(/sh/g, "s")
    .replace(/ee|ea/g, "i")
    .replace(/oo/g, "u")
    .replace(/y/g, "i")
    .replace(/(.)\1/g, "$1");
}

/** Spellings this close sound alike, given that their consonants already agree. */
const MAX_SPELLING_DISTANCE = 0.25;

/**
 * A Hangul loanword and an English word sound alike: the same consonants (the sound keys)
 * and spellings close once both are spelt the same way. Consonants alone say too little:
 * 국파일 and "cable", 씨앤에스 and "science" share them.
 */
export function soundsAlike(hangul: string, word: string, { minLetters = 0 } = {}): boolean {
  if (!englishSoundKeys(word).includes(koreanSoundKey(hangul))) return false;
  const korean = koreanAsSpelt(hangul);
  const english = englishAsSpelt(word);
  if (Math.min(korean.length, english.length) < minLetters) return false;
  return spellingDistance(hangul, word) <= MAX_SPELLING_DISTANCE;
}

/** How far apart the two spellings are, once both are spelt the same way: 0 (alike) to 1. */
export function spellingDistance(hangul: string, word: string): number {
  const korean = koreanAsSpelt(hangul);
  const english = englishAsSpelt(word);
  return distance(korean, english) / Math.max(korean.length, english.length, 1);
}
