/**
 * The Korean core font (issue 37, fonts ≤ 150 KB on `/` on a device without a Korean font): its
 * face declares exactly the syllables of what the pages show from the bundled data and the code's
 * title vocabulary, and its file draws every one of them. When the seed or the vocabulary gains a
 * syllable, the first assertion fails until `npm run fonts:korean` is run.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coreCodePoints, drawnBy, unicodeRange } from "@/dev/fonts/korean-core";

const css = readFileSync("app/korean-core.css", "utf8");
const declared = /unicode-range:\s*([^;]+);/.exec(css)?.[1].replace(/\s+/g, " ").trim();

describe("the Korean core font", () => {
  it("declares the syllables of the bundled names, titles, filers and the title vocabulary, and the interface's symbols", async () => {
    const core = await coreCodePoints();
    expect(core.length).toBeGreaterThan(500);
    expect(declared, "app/korean-core.css is stale: run `npm run fonts:korean`").toBe(unicodeRange(core));
    // What the home page's rows are made of is in it (names, a 5% report's title, the DART link's arrow).
    for (const text of ["삼성전자", "주식등의대량보유상황보고서", "기재정정", "↗", "→"])
      for (const ch of text) expect(core).toContain(ch.codePointAt(0));
    // Latin letters and figures are Inter's, never the core's.
    expect(core.filter((codePoint) => codePoint < 0x80)).toEqual([]);
  });

  it("draws every character it declares, and is checked before Pretendard's slices", async () => {
    const core = await coreCodePoints();
    const drawn = await drawnBy(readFileSync("app/korean-core.woff2"), core);
    const missing = core.filter((codePoint) => !drawn.has(codePoint));
    expect(missing).toEqual([]);
    const stack = /--font-korean:([^;]+);/.exec(readFileSync("app/globals.css", "utf8"))?.[1] ?? "";
    expect(stack.indexOf('"Korean Core"')).toBeGreaterThan(-1);
    expect(stack.indexOf('"Korean Core"')).toBeLessThan(stack.indexOf('"Pretendard"'));
  });
});
