/**
 * What the Korean core font (scripts/build-korean-font.ts) must hold, and its CSS unicode-range:
 * - the Hangul syllables of the bundled companies and filings and of the Korean the code spells
 *   out (the classifier's title vocabulary, the interface's few Korean words);
 * - the interface's symbols that the Latin font's file does not draw (arrows such as "↗", "₩"),
 *   which would otherwise each fetch a Pretendard slice of their own.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Blob as FontBlob, Face } from "harfbuzzjs";
import subsetFont from "subset-font";

export const PRETENDARD_REGULAR = "node_modules/pretendard/dist/public/static/alternative/Pretendard-Regular.ttf";
const LATIN_FONT = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

const HANGUL = /[\uac00-\ud7a3]/gu;
/** Symbols and other non-ASCII characters, Hangul syllables and jamo aside. */
const SYMBOL = /[^\u0000-\u007f\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/gu;

/** Source folders whose Korean string literals reach the pages (titles' vocabulary, labels). */
const KOREAN_CODE = ["lib/classify", "app", "components"];
/** Source folders whose own characters are the interface's. */
const INTERFACE_CODE = ["app", "components"];

function sources(root: string, folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => readFileSync(path.join(root, folder, name), "utf8")),
  );
}

function codePoints(texts: readonly string[], pattern: RegExp): Set<number> {
  const found = new Set<number>();
  for (const text of texts) for (const [ch] of text.matchAll(pattern)) found.add(ch.codePointAt(0)!);
  return found;
}

/** The code points a font file draws (its character map), read back through the subsetter. */
export async function drawnBy(file: Buffer, candidates: readonly number[]): Promise<Set<number>> {
  if (!candidates.length) return new Set();
  const sfnt = await subsetFont(file, String.fromCodePoint(...candidates), { targetFormat: "sfnt" });
  return new Set(new Face(new FontBlob(sfnt), 0).collectUnicodes());
}

/** The Hangul syllables, as sorted code points. */
function coreSyllables(root = "."): number[] {
  const json = <T>(rel: string) => JSON.parse(readFileSync(path.join(root, rel), "utf8")) as T[];
  const companies = json<{ nameKr: string; industry?: string | null }>("lib/seed/companies.json");
  const filings = json<{ corpName: string; reportNm: string; flrNm?: string | null }>("lib/seed/filings.json");
  const texts = [
    ...companies.flatMap((c) => [c.nameKr, c.industry ?? ""]),
    ...filings.flatMap((f) => [f.corpName, f.reportNm, f.flrNm ?? ""]),
    ...sources(root, KOREAN_CODE),
  ];
  return [...codePoints(texts, HANGUL)].sort((a, b) => a - b);
}

/** Everything the core holds, as sorted code points: the syllables and the symbols Pretendard draws and Inter's file does not. */
export async function coreCodePoints(root = "."): Promise<number[]> {
  const symbols = [...codePoints(sources(root, INTERFACE_CODE), SYMBOL)].sort((a, b) => a - b);
  const inLatin = await drawnBy(readFileSync(path.join(root, LATIN_FONT)), symbols);
  const inPretendard = await drawnBy(readFileSync(path.join(root, PRETENDARD_REGULAR)), symbols);
  const missing = symbols.filter((symbol) => !inLatin.has(symbol) && inPretendard.has(symbol));
  return [...coreSyllables(root), ...missing].sort((a, b) => a - b);
}

/** `U+ac00-ac01, U+ac04, …` over sorted code points, runs joined. */
export function unicodeRange(sorted: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const hex = (n: number) => n.toString(16);
    runs.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return runs.join(", ");
}
