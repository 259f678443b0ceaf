/**
 * The display form of a registered English company name. Its own module, free of the lexicon,
 * so client components (the company search's suggestions) print names as the pages do.
 */

/** Words of a directory name that stay in capitals: acronyms and brands such as LG, SK, NICE. */
const KEEP_CAPS = /^(?:[A-Z]{1,4}|[A-Z]+&[A-Z]+)$/;
/** Short words of a shouted name that are words, not acronyms: "SAMSUNG CARD" is "Samsung Card". */
const SHORT_WORDS = new Set(
  (
    "CARD LIFE FIRE FOOD TECH TIRE BANK CITY ASIA WIRE REIT TOOL PIPE IRON LINE SOFT FINE CELL CUBE " +
    "ROPE MILL CAST BATH AGRO ZINC POLY PULP KIND DRUG BEND DUAL FEED DATA TOUR GOOD FAST PLUS MOLD " +
    "CHEM HOME CAPE ABLE FARM HIGH REAL PORT ELEC FOOT WING POND GOLD STAR LAND AUTO MEDI " +
    "GAS OIL BIO AIR NEW ONE TOP SEA RUN PIE TEA DIE NET IND MFG THE AND OF"
  ).split(" "),
);
/** Words prose writes in lower case inside a name ("Bank of Korea"). */
const MINOR_WORDS = new Set(["OF", "AND", "THE"]);

/**
 * A company's name as a sentence writes it: the legal form dropped and capitals tamed
 * ("SAMSUNG ELECTRONICS CO,.LTD" → "Samsung Electronics", "STX CORPORATION" → "STX"). A
 * "Company" after "&" is the name's, not a legal form ("Nine & Company Inc." → "Nine & Company").
 */
export function displayCompanyName(nameEn: string): string {
  const core = nameEn
    .replace(/\s*\("[^"]*"\)$/, "")
    .replace(
      /[\s,]*(?<!&\s*)\b(co\s*[,.]+\s*ltd|company\s+limited|company|co|ltd|inc|corp|corporation|incorporated|incorporation|limited|plc|llc)\b\.?,?/gi,
      " ",
    )
    .replace(/[\s,.]+$/, "")
    .replace(/\s+/g, " ") // a legal word dropped mid-name ("J Steel Company Holdings") leaves two spaces
    .trim();
  const shouting = core === core.toUpperCase();
  if (!shouting) return core;
  return core
    .split(/\s+/)
    .map((word, i) =>
      i > 0 && MINOR_WORDS.has(word)
        ? word.toLowerCase()
        : KEEP_CAPS.test(word) && !SHORT_WORDS.has(word)
          ? word
          : word.charAt(0) + word.slice(1).toLowerCase(),
    )
    .join(" ");
}
