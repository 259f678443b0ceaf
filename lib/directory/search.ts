import { englishNameKey, type Company } from "@/db/queries";
import { distinct, similarityOf, TrigramIds, wordSimilarity } from "./trigrams";

export interface CompanyMatch extends Company {
  isExactMatch: boolean;
  score: number;
}

/** Trigram similarity below which a candidate is not a match. */
const MIN_SCORE = 0.3;
/** Word similarity of the query to part of an English name below which it is not a match. */
const MIN_WORD_SCORE = 0.4;
/** Text that can begin a ticker: the only text the ticker-prefix match is tried for. */
const TICKER_PREFIX = /^[0-9A-Z]{1,7}$/;
/** A Hangul query of two or more syllables: matched as a word when a name begins with it. */
const HANGUL_WORD = /^[가-힣]{2,}$/;
/** Latin letters and digits a Korean name may begin with before its Hangul ("HD현대", "SK하이닉스"). */
const LATIN_LEAD = /^[0-9A-Za-z&]+/;

/**
 * Whether a Korean name begins with the query as with a word: "삼성" in 삼성바이오로직스 as
 * "samsung" is a whole word of "Samsung Biologics". Korean names are written without spaces,
 * so this is the Korean form of English word similarity 1, and market value then orders them.
 */
export function koreanWordMatch(nameKr: string, query: string): boolean {
  if (!HANGUL_WORD.test(query)) return false;
  return nameKr.startsWith(query) || nameKr.replace(LATIN_LEAD, "").startsWith(query);
}

/** Length in characters (code points), as SQL's char_length counts them. */
const charLength = (s: string): number => Array.from(s).length;

interface Entry {
  company: Company;
  /** Distinct trigrams of the Korean name and of the English key; the key's in order too. */
  korean: Int32Array;
  english: Int32Array;
  englishSequence: Int32Array;
  koreanLength: number;
  englishLength: number;
}

/** For each trigram, the entries whose name has it. */
type Postings = Map<number, number[]>;

function post(postings: Postings, trigrams: Int32Array, entry: number): void {
  for (const t of trigrams) {
    const list = postings.get(t);
    if (list) list.push(entry);
    else postings.set(t, [entry]);
  }
}

/** Counts, per entry, how many of `trigrams` its name has. */
function countShared(postings: Postings, trigrams: number[], entries: number): Uint16Array {
  const shared = new Uint16Array(entries);
  for (const t of trigrams) for (const entry of postings.get(t) ?? []) shared[entry]++;
  return shared;
}

/**
 * The listed-company directory held for search: a few thousand names, so a search compares
 * integers in memory (about a millisecond) instead of reading the table through (tens of
 * milliseconds on every never-asked query, which one client could fill the database with).
 */
export class DirectoryIndex {
  private readonly ids = new TrigramIds();
  private readonly entries: Entry[];
  private readonly koreanPostings: Postings = new Map();
  private readonly englishPostings: Postings = new Map();

  constructor(companies: readonly Company[]) {
    this.entries = companies.map((company, i) => {
      const englishSequence = this.ids.add(company.nameEnKey);
      const entry: Entry = {
        company,
        korean: distinct(this.ids.add(company.nameKr)),
        english: distinct(englishSequence),
        englishSequence,
        koreanLength: charLength(company.nameKr),
        englishLength: charLength(company.nameEnKey),
      };
      post(this.koreanPostings, entry.korean, i);
      post(this.englishPostings, entry.english, i);
      return entry;
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Ranked fuzzy search over Korean name, English name and ticker. Exact matches (ticker,
   * Korean name, or English name ignoring case and corporate suffixes) come first, then the
   * closest (scores equal to two places tie), then the larger company by market value, then
   * the Korean name. A candidate's score is the best of: trigram similarity to either name;
   * word similarity of the query to part of the English name; a substring of either name,
   * scored by how much of the name it covers (so "삼성전" ranks 삼성전자 above 삼성전기우);
   * the beginning of a ticker. A Korean name beginning with a Hangul query scores 1, as an
   * English name with the query as a whole word does, so "삼성" ranks by market value as
   * "samsung" does.
   */
  search(query: string, limit: number): CompanyMatch[] {
    const q = query.trim();
    const upper = q.toUpperCase();
    const key = englishNameKey(q);
    const tickerPrefix = TICKER_PREFIX.test(upper) ? upper : undefined;
    const qLength = charLength(q);
    const keyLength = charLength(key);

    const koreanQuery = this.ids.lookup(q);
    const englishQuery = this.ids.lookup(key);
    const englishQuerySet = new Set(englishQuery.known);
    const koreanShared = countShared(this.koreanPostings, koreanQuery.known, this.entries.length);
    const englishShared = countShared(this.englishPostings, englishQuery.known, this.entries.length);

    const matches: CompanyMatch[] = [];
    this.entries.forEach((entry, i) => {
      const { company } = entry;
      const koreanSimilarity = similarityOf(koreanShared[i], entry.korean.length, koreanQuery.size);
      const koreanSubstring = koreanWordMatch(company.nameKr, q)
        ? 1
        : company.nameKr.includes(q)
          ? 0.5 + (0.5 * qLength) / entry.koreanLength
          : 0;
      let englishSimilarity = 0;
      let englishSubstring = 0;
      if (key) {
        englishSimilarity = similarityOf(englishShared[i], entry.english.length, englishQuery.size);
        if (company.nameEnKey.includes(key))
          englishSubstring = 0.5 + (0.5 * keyLength) / Math.max(entry.englishLength, 1);
      }
      const tickerStart = company.ticker.startsWith(upper) ? 0.6 : 0;
      let score = Math.max(koreanSimilarity, koreanSubstring, englishSimilarity, englishSubstring, tickerStart);
      let matched =
        koreanSubstring > 0 ||
        koreanSimilarity >= MIN_SCORE ||
        englishSubstring > 0 ||
        englishSimilarity >= MIN_SCORE ||
        (tickerPrefix !== undefined && tickerStart > 0);
      // Word similarity cannot exceed the share of the query's trigrams the name has: worked
      // out only where that bound could make a match or raise the score.
      const bound = key && englishQuery.size ? englishShared[i] / englishQuery.size : 0;
      if (bound > score || (!matched && bound >= MIN_WORD_SCORE)) {
        const word = wordSimilarity(englishQuerySet, englishQuery.size, entry.englishSequence);
        score = Math.max(score, word);
        matched ||= word >= MIN_WORD_SCORE;
      }
      if (!matched) return;
      const isExactMatch =
        company.ticker === upper || company.nameKr === q || (key !== "" && company.nameEnKey === key);
      matches.push({ ...company, isExactMatch, score });
    });

    const rounded = (score: number) => Math.round(score * 100);
    return matches
      .sort(
        (a, b) =>
          Number(b.isExactMatch) - Number(a.isExactMatch) ||
          rounded(b.score) - rounded(a.score) ||
          (b.marketCap ?? -Infinity) - (a.marketCap ?? -Infinity) ||
          (a.nameKr < b.nameKr ? -1 : a.nameKr > b.nameKr ? 1 : 0),
      )
      .slice(0, limit);
  }
}
