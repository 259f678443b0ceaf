/**
 * Readable English names for the Korean companies, banks and people a filing names.
 *
 * - readableName(korean, directory): a listed company's English name from the directory;
 *   else lib/names' translation (신한은행 → Shinhan Bank, 네트웍스 → Networks, 주식회사 →
 *   Co., Ltd.), only the rest romanised. The Korean original is kept beside a partly
 *   romanised name once, in quotes, so a reader can search for it.
 */
import { romanizeKorean } from "@/lib/romanize";
import { seedCompanies } from "@/lib/seed";
import { displayCompanyName, nameFromWebAddress, translateName } from "@/lib/names";

export { displayCompanyName };
/** The name a company spells in its own filing's web address (lib/names). */
export const nameFromBody = nameFromWebAddress;

/** Korean name → English name, as the directory gives it. */
export type NameDirectory = ReadonlyMap<string, string>;

const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
/** Legal-form markers: (주), ㈜, 주식회사 make "Co., Ltd."; 유한회사 "LLC". */
const CORPORATION = /\(주\)|㈜|주식회사/g;
const LIMITED = /\(유\)|유한회사/g;

let seedDirectory: Map<string, string> | undefined;

/** The bundled directory of listed companies, Korean name → the one English name each has (lib/names). */
export function bundledDirectory(): NameDirectory {
  seedDirectory ??= new Map(seedCompanies().map((c) => [c.nameKr, c.nameEn]));
  return seedDirectory;
}

function directoryName(core: string, directory: NameDirectory): string | undefined {
  return directory.get(core) ?? directory.get(core.replace(/\s+/g, ""));
}

/**
 * The English name of a Korean company, bank or person as a summary writes it: the
 * directory's name, else the translation of its words (lib/names), the Korean original quoted
 * beside it once when some part had to be romanised.
 */
export function readableName(original: string, directory: NameDirectory = bundledDirectory()): string {
  const name = original.trim();
  if (!CJK.test(name)) return name;
  const core = name.replace(CORPORATION, " ").replace(LIMITED, " ").replace(/\s+/g, " ").trim();
  const listed = directoryName(core, directory);
  if (listed) return displayCompanyName(listed);
  const { english, romanised } = translateName(name);
  return romanised && name.length <= 40 && !/["“”]/.test(name) ? `${english} ("${name}")` : english;
}

/** A name reduced for comparison: lower case, legal-form words and punctuation dropped. */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\b(co|ltd|inc|corp|corporation|company|limited|llc|plc)\b\.?/g, " ")
    .replace(/[^a-z0-9&]+/g, " ")
    .trim();
}

const SURNAMES: Readonly<Record<string, string>> = {
  김: "Kim",
  이: "Lee",
  박: "Park",
  최: "Choi",
  정: "Jung",
  강: "Kang",
  조: "Cho",
  윤: "Yoon",
  장: "Jang",
  임: "Lim",
  한: "Han",
  오: "Oh",
  서: "Seo",
  신: "Shin",
  권: "Kwon",
  황: "Hwang",
  안: "Ahn",
  송: "Song",
  류: "Ryu",
  유: "Yoo",
  홍: "Hong",
  전: "Jeon",
  고: "Ko",
  문: "Moon",
  양: "Yang",
  손: "Son",
  배: "Bae",
  백: "Baek",
  허: "Heo",
  남: "Nam",
  심: "Shim",
  노: "Noh",
  하: "Ha",
  곽: "Kwak",
  성: "Sung",
  차: "Cha",
  주: "Joo",
  우: "Woo",
  구: "Koo",
  민: "Min",
  나: "Na",
  진: "Jin",
  마: "Ma",
  변: "Byun",
  채: "Chae",
  원: "Won",
  천: "Cheon",
  방: "Bang",
  공: "Kong",
  현: "Hyun",
};

/** A Korean person's name as English writes it: "마민지" → "Ma Min-ji". */
export function personName(korean: string): string {
  const name = korean.replace(/\s+/g, "");
  if (!/^[가-힣]{2,4}$/.test(name)) return readableName(korean);
  const surname = SURNAMES[name[0]] ?? romanizeKorean(name[0]);
  const given = [...name.slice(1)].map((syllable) => romanizeKorean(syllable).toLowerCase()).join("-");
  return `${surname} ${given.charAt(0).toUpperCase()}${given.slice(1)}`;
}
