/**
 * The display form of a registered English company name. Its own module, free of the lexicon,
 * so client components (the company search's suggestions) print names as the pages do.
 */

/** Words of a directory name that stay in capitals: acronyms and brands such as LG, SK, NICE. */
const KEEP_CAPS = /^(?:[A-Z]{1,4}|[A-Z]+&[A-Z]+)$/;

/**
 * A company's name as a sentence writes it: the legal form dropped and capitals tamed
 * ("SAMSUNG ELECTRONICS CO,.LTD" → "Samsung Electronics", "STX CORPORATION" → "STX").
 */
export function displayCompanyName(nameEn: string): string {
  const core = nameEn
    .replace(/\s*\("[^"]*"\)$/, "")
    .replace(
      /[\s,]*\b(co\s*[,.]+\s*ltd|company\s+limited|company|co|ltd|inc|corp|corporation|incorporated|incorporation|limited|plc|llc)\b\.?,?/gi,
      " ",
    )
    .replace(/[\s,.]+$/, "")
    .replace(/\s+/g, " ") // a legal word dropped mid-name ("J Steel Company Holdings") leaves two spaces
    .trim();
  const shouting = core === core.toUpperCase();
  if (!shouting) return core;
  return core
    .split(/\s+/)
    .map((word) => (KEEP_CAPS.test(word) ? word : word.charAt(0) + word.slice(1).toLowerCase()))
    .join(" ");
}
