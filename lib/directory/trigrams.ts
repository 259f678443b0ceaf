/**
 * Trigrams as PostgreSQL's pg_trgm documents them: a text's trigrams are those of each of its
 * words (runs of letters and digits, lower-cased), each word padded with two spaces in front and
 * one behind. Letters are Unicode's, so a Korean word has trigrams too (pg_trgm gives it none
 * under the C locale PGlite runs in, so the same search used to rank differently per database).
 *
 * Trigrams are numbered by a `TrigramIds` so that comparing them is comparing integers.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Every trigram of `text` in order, repeats included. */
export function trigramsOf(text: string): string[] {
  const trigrams: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const chars = Array.from(`  ${word} `);
    for (let i = 0; i + 2 < chars.length; i++) trigrams.push(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return trigrams;
}

/** Numbers for trigrams; one the index never saw gets -1, which matches nothing. */
export class TrigramIds {
  private readonly ids = new Map<string, number>();

  /** The numbers of `text`'s trigrams in order, adding the ones not seen before. */
  add(text: string): Int32Array {
    return Int32Array.from(trigramsOf(text), (t) => {
      let id = this.ids.get(t);
      if (id === undefined) this.ids.set(t, (id = this.ids.size));
      return id;
    });
  }

  /** The distinct numbers of `text`'s trigrams, and how many distinct trigrams it has in all. */
  lookup(text: string): { known: number[]; size: number } {
    const distinct = new Set(trigramsOf(text));
    const known: number[] = [];
    for (const t of distinct) {
      const id = this.ids.get(t);
      if (id !== undefined) known.push(id);
    }
    return { known, size: distinct.size };
  }
}

/** The distinct members of a trigram sequence. */
export const distinct = (sequence: Int32Array): Int32Array => Int32Array.from(new Set(sequence));

/** Shared trigrams over all distinct ones (pg_trgm's `similarity`), from the counts. */
export function similarityOf(common: number, sizeA: number, sizeB: number): number {
  const union = sizeA + sizeB - common;
  return union > 0 ? common / union : 0;
}

/**
 * pg_trgm's `word_similarity(query, text)` as documented: the greatest similarity between the
 * query's trigram set and the set of any contiguous run of the text's trigrams. Computed
 * exactly (pg_trgm approximates it greedily): only runs that begin and end on a shared
 * trigram can be best, and names are short.
 */
export function wordSimilarity(query: ReadonlySet<number>, querySize: number, text: Int32Array): number {
  let best = 0;
  const seen = new Set<number>();
  for (let start = 0; start < text.length; start++) {
    if (!query.has(text[start])) continue;
    seen.clear();
    let common = 0;
    for (let end = start; end < text.length; end++) {
      const t = text[end];
      if (seen.has(t)) continue;
      seen.add(t);
      if (!query.has(t)) continue;
      common++;
      best = Math.max(best, similarityOf(common, querySize, seen.size));
    }
  }
  return best;
}
