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

// ---------- parties the filing does not name ----------

/** Markers of a withheld name: the party is described, not named. */
const WITHHELD = /\(?\s*(?:비공개|영업\s*비밀|경영상\s*비밀|공개\s*유보|미공개)\s*\)?/g;
const PLACES: Readonly<Record<string, string>> = {
  오세아니아: "Oceania",
  유럽: "Europe",
  북미: "North America",
  남미: "South America",
  중남미: "Latin America",
  미주: "the Americas",
  미국: "the US",
  중동: "the Middle East",
  동남아시아: "Southeast Asia",
  동남아: "Southeast Asia",
  아시아: "Asia",
  아프리카: "Africa",
  일본: "Japan",
  중국: "China",
  대만: "Taiwan",
  인도: "India",
  독일: "Germany",
  영국: "the UK",
  프랑스: "France",
  캐나다: "Canada",
  호주: "Australia",
  싱가포르: "Singapore",
  그리스: "Greece",
  국내: "Korea",
};
const KINDS: Readonly<Record<string, string>> = {
  선사: "shipowner",
  선주사: "shipowner",
  선주: "shipowner",
  해운사: "shipping company",
  고객사: "customer",
  발주처: "client",
  완성차업체: "carmaker",
  완성차제조사: "carmaker",
  자동차제조사: "carmaker",
  반도체업체: "semiconductor maker",
  반도체제조사: "semiconductor maker",
  배터리제조사: "battery maker",
  전력회사: "utility",
  에너지기업: "energy company",
  에너지회사: "energy company",
  건설사: "construction company",
  제약사: "pharmaceutical company",
  금융기관: "financial institution",
  투자자: "investor",
  기업: "company",
  업체: "company",
  회사: "company",
  법인: "company",
};
const alternation = (words: Readonly<Record<string, string>>) =>
  Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .join("|");
/** `오세아니아 소재 선사`, `글로벌 대형기업`, `유럽 소재 선주`, `국내 대기업` (spaces removed). */
const DESCRIPTION = new RegExp(
  `^(?<place>${alternation(PLACES)})?(?:소재|지역|국적)?(?<global>글로벌|해외|다국적)?(?<size>대형|대|중견)?(?<kind>${alternation(KINDS)})$`,
);

/**
 * A counterparty the filing describes instead of naming (글로벌 대형기업, 오세아니아 소재 선사,
 * 비공개, 영업비밀) as "an undisclosed …"; null when the cell names a party.
 */
export function undisclosedParty(cell: string): string | null {
  const withheld = cell.replace(WITHHELD, " ").trim();
  const marked = withheld !== cell.trim();
  const m = DESCRIPTION.exec(withheld.replace(/\s+/g, ""));
  if (!m?.groups) return marked ? "an undisclosed party" : null;
  const { place, global, size, kind } = m.groups;
  // A bare word ("기업") is a description only beside a marker or a place; with one it always is.
  if (!marked && !place && !global && !size) return null;
  const words = [size && "large", global === "글로벌" || global === "다국적" ? "global" : global && "overseas"];
  const what = [...words.filter(Boolean), KINDS[kind]].join(" ");
  return `an undisclosed ${what}${place ? ` based in ${PLACES[place]}` : ""}`;
}

// ---------- words with an English form ----------

/**
 * Public bodies and the words of deal parties' names that have an English form, so no part of
 * them is romanised letter by letter (청라스마트시티 → Cheongna Smart City). Longest first.
 */
const PARTY_WORDS: readonly (readonly [string, string])[] = [
  ["한국수력원자력", "Korea Hydro & Nuclear Power"],
  ["한국전력기술", "KEPCO Engineering & Construction"],
  ["한국전력공사", "Korea Electric Power Corporation"],
  ["한국토지주택공사", "Korea Land & Housing Corporation"],
  ["한국가스공사", "Korea Gas Corporation"],
  ["서울주택도시공사", "Seoul Housing & Communities Corporation"],
  ["재건축정비사업", "Reconstruction Project"],
  ["재개발정비사업", "Redevelopment Project"],
  ["특별계획구역", "Special Planning Zone"],
  ["아파트지구", "Apartment District"],
  ["스마트시티", "Smart City"],
  ["해상풍력", "Offshore Wind"],
  ["태양광", "Solar"],
  ["풍력", "Wind Power"],
  ["발전", "Power"],
  ["스마트", "Smart"],
  ["시티", "City"],
  ["구역", "District"],
];

function translatedWords(name: string): string {
  return PARTY_WORDS.reduce((text, [korean, english]) => text.split(korean).join(` ${english} `), name)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A Korean name followed by the filing's own English for it, in brackets or not:
 * `한화인더스트리얼솔루션즈 주식회사(Hanwha Industrial Solutions Co.,Ltd.)`, `오씨아이 주식회사OCI Company Ltd.`.
 */
const WITH_ENGLISH =
  /^(?<korean>[^A-Za-z]*[가-힣][^A-Za-z]*?)\s*\(?\s*(?<english>[A-Za-z][A-Za-z0-9 .,&'’-]*[A-Za-z0-9.])\s*\)?$/;
const LEGAL_FORM = /\b(?:co|ltd|inc|corp|corporation|company|limited|llc|pte|plc|gmbh|holdings)\b/i;

const TENTATIVE = /\(\s*가칭\s*\)|^\s*가칭\s*[:)]?\s*|\s*가칭\s*$/;

/**
 * The English name of a Korean company, bank or person as a summary writes it: "an undisclosed
 * …" for a party described instead of named; the directory's name; else the translation of its
 * words (lib/names), the Korean original quoted beside it once when some part had to be
 * romanised. A tentative name (가칭) says so.
 */
export function readableName(original: string, directory: NameDirectory = bundledDirectory()): string {
  const name = original.trim();
  if (!CJK.test(name)) return name;
  const undisclosed = undisclosedParty(name);
  if (undisclosed) return undisclosed;
  const bare = name.replace(new RegExp(TENTATIVE.source, "g"), " ").trim();
  const spelled = WITH_ENGLISH.exec(bare)?.groups?.english;
  // The filing's English spelling of a name is its name; a tentative one still says so.
  if (spelled && (LEGAL_FORM.test(spelled) || spelled.includes(" ")))
    return `${spelled.replace(/,(?=\S)/g, ", ")}${bare === name ? "" : " (tentative name)"}`;
  if (TENTATIVE.test(name))
    return `${readableName(name.replace(new RegExp(TENTATIVE.source, "g"), " ").trim(), directory)} (tentative name)`;
  // Several parties in one cell (`한국전력기술㈜, 금호건설㈜, LS일렉트릭㈜`): each by its own name.
  const parties = name.split(/\s*[,、]\s*(?=\S)/);
  if (parties.length > 1 && parties.every((p) => CJK.test(p) || /\b(?:co|ltd|inc|corp)\b/i.test(p)))
    return parties.map((p) => readableName(p, directory)).join(", ");
  const core = name.replace(CORPORATION, " ").replace(LIMITED, " ").replace(/\s+/g, " ").trim();
  const listed = directoryName(core, directory);
  if (listed) return displayCompanyName(listed);
  const { english, romanised } = translateName(translatedWords(name));
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
