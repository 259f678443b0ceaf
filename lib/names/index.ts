/**
 * English names of Korean companies and organisations, one way everywhere (API rows, the
 * explorer, summaries, search):
 *
 * - displayCompanyName(registered): a registered English name as prose writes it
 *   ("SAMSUNG ELECTRONICS CO,.LTD" → "Samsung Electronics").
 * - translateName(korean): a Korean name without a directory English name, word by word:
 *   known names and corporate words (./words.ts), the loanwords the directory's own pairs
 *   teach (./lexicon.ts: 네트웍스 "Networks", 링크 "Link"), Latin letters spelt out in Hangul
 *   (에스케이 "SK"), and only the rest romanised; `romanised` says whether any part was.
 * - companyNameEn(filing's Korean name, company): the one English name of a filing's company.
 * - nameFromWebAddress(korean, text): the name a company spells in its own web address.
 * - learnLexicon (./lexicon.ts): how `npm run seed:build` writes ./lexicon.json from the directory.
 */
import learned from "./lexicon.json";
import type { Lexicon } from "./lexicon";
import { englishSoundKeys, koreanSoundKey, VOWEL_START } from "./sound";
import { nameTranslator } from "./translate";

export { learnLexicon, alignName, englishWords, type Lexicon, type LexiconEntry, type NamePair } from "./lexicon";
export { CORPORATE_WORDS, KNOWN_NAMES } from "./words";
export { nameTranslator, type NameTranslator } from "./translate";
export { displayCompanyName } from "./display";

const bundled = nameTranslator(learned as unknown as Lexicon);

/**
 * A Korean organisation's name in English, word by word, with its legal form ("Co., Ltd.",
 * "LLC") when `legalForm`; `romanised` when some part had no English form and was romanised.
 */
export function translateName(
  korean: string,
  options?: { legalForm?: boolean },
): { english: string; romanised: boolean } {
  return bundled.translateName(korean, options);
}

const CORPORATION = /\(주\)|㈜|주식회사/g;

/**
 * The English name of a filing's company, the same in every row, page and summary: the
 * company record's (the directory's registered name, or the translation the ingest stored when
 * the directory has none); for a filer without a record, the translation of its Korean name.
 */
export function companyNameEn(corpName: string, company: { nameEn: string } | null | undefined): string {
  return company?.nameEn ?? translateName(corpName, { legalForm: false }).english;
}

/**
 * The English name a company uses for itself in its web address, when the Korean name is
 * that name transliterated: 아틀라스링크 with www.atlaslink.co.kr → "Atlaslink" (not
 * "Ateullaseuringkeu"). Null when no address in `text` matches.
 */
export function nameFromWebAddress(korean: string, text: string): string | null {
  const core = korean.replace(CORPORATION, "").replace(/\s+/g, "");
  if (!/^[가-힣]+$/.test(core)) return null;
  const key = koreanSoundKey(core);
  if (key.replace(VOWEL_START, "").length < 3) return null;
  for (const [, domain] of text.matchAll(/(?:https?:\/\/)?(?:www\.)?([a-z][a-z0-9-]{2,})\.(?:co\.kr|com|kr|net)\b/gi)) {
    if (englishSoundKeys(domain).includes(key)) return domain.charAt(0).toUpperCase() + domain.slice(1).toLowerCase();
  }
  return null;
}
