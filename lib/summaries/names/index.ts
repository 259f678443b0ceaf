/**
 * Readable English names for the Korean companies, banks and people a filing names.
 *
 * - readableName(korean, directory): a listed company's English name from the directory;
 *   else a well-known group name (신한은행 → Shinhan Bank, 미래에셋증권 → Mirae Asset
 *   Securities); else the common corporate words translated (은행 Bank, 증권 Securities,
 *   주식회사 Co., Ltd.) and only the rest romanised. The Korean original is kept beside a
 *   partly romanised name once, in quotes, so a reader can search for it.
 */
import { romanizeKorean } from "@/lib/romanize";
import { seedCompanies } from "@/lib/ingest/seed";

/** Korean name → English name, as the directory gives it. */
export type NameDirectory = ReadonlyMap<string, string>;

/** Well-known names of the biggest financial groups, spelt as they spell themselves. */
const KNOWN_NAMES: Readonly<Record<string, string>> = {
  신한은행: "Shinhan Bank",
  신한투자증권: "Shinhan Securities",
  신한카드: "Shinhan Card",
  신한캐피탈: "Shinhan Capital",
  KB국민은행: "KB Kookmin Bank",
  국민은행: "Kookmin Bank",
  KB증권: "KB Securities",
  하나은행: "Hana Bank",
  하나증권: "Hana Securities",
  우리은행: "Woori Bank",
  농협은행: "NongHyup Bank",
  NH농협은행: "NongHyup Bank",
  NH투자증권: "NH Investment & Securities",
  중소기업은행: "Industrial Bank of Korea",
  IBK기업은행: "Industrial Bank of Korea",
  기업은행: "Industrial Bank of Korea",
  한국산업은행: "Korea Development Bank",
  산업은행: "Korea Development Bank",
  한국수출입은행: "Export-Import Bank of Korea",
  수협은행: "Suhyup Bank",
  한국투자증권: "Korea Investment & Securities",
  미래에셋증권: "Mirae Asset Securities",
  미래에셋자산운용: "Mirae Asset Global Investments",
  삼성증권: "Samsung Securities",
  삼성생명: "Samsung Life Insurance",
  삼성화재: "Samsung Fire & Marine Insurance",
  삼성자산운용: "Samsung Asset Management",
  한화생명: "Hanwha Life Insurance",
  교보생명: "Kyobo Life Insurance",
  키움증권: "Kiwoom Securities",
  대신증권: "Daishin Securities",
  메리츠증권: "Meritz Securities",
  유안타증권: "Yuanta Securities",
  LS증권: "LS Securities",
  한국거래소: "Korea Exchange",
  금융감독원: "Financial Supervisory Service",
  금융위원회: "Financial Services Commission",
  식품의약품안전처: "Ministry of Food and Drug Safety",
  국민연금공단: "National Pension Service",
};

/** Brand prefixes that keep their own spelling before a corporate word (미래에셋 + 캐피탈). */
const KNOWN_PREFIXES: Readonly<Record<string, string>> = {
  미래에셋: "Mirae Asset",
  신한: "Shinhan",
  삼성: "Samsung",
  현대: "Hyundai",
  한화: "Hanwha",
  롯데: "Lotte",
  하나: "Hana",
  우리: "Woori",
  교보: "Kyobo",
  한국투자: "Korea Investment",
  한국: "Korea",
  대한: "Daehan",
  엘지: "LG",
  에스케이: "SK",
  케이비: "KB",
};

/** Corporate words, longest first where one contains another. */
const CORPORATE_WORDS: readonly (readonly [string, string])[] = [
  ["자산운용", "Asset Management"],
  ["투자증권", "Investment & Securities"],
  ["창업투자", "Venture Capital"],
  ["투자조합", "Investment Partnership"],
  ["회계법인", "Accounting Corporation"],
  ["법무법인", "Law Firm"],
  ["저축은행", "Savings Bank"],
  ["holdings", "Holdings"],
  ["홀딩스", "Holdings"],
  ["지주", "Holdings"],
  ["은행", "Bank"],
  ["증권", "Securities"],
  ["생명", "Life Insurance"],
  ["화재", "Fire Insurance"],
  ["손해보험", "Insurance"],
  ["보험", "Insurance"],
  ["캐피탈", "Capital"],
  ["파트너스", "Partners"],
  ["인베스트먼트", "Investment"],
  ["투자", "Investment"],
  ["금융", "Financial"],
  ["카드", "Card"],
  ["건설", "Construction"],
  ["전자", "Electronics"],
  ["제약", "Pharmaceutical"],
  ["바이오", "Bio"],
  ["화학", "Chemical"],
  ["중공업", "Heavy Industries"],
  ["산업", "Industries"],
  ["물산", "C&T"],
  ["통신", "Telecom"],
  ["그룹", "Group"],
  ["재단", "Foundation"],
  ["조합", "Association"],
  ["공사", "Corporation"],
];

const CJK = /[\p{Script=Hangul}\p{Script=Han}]/u;
/** Legal-form markers: (주), ㈜, 주식회사 make "Co., Ltd."; 유한회사 "LLC". */
const CORPORATION = /\(주\)|㈜|주식회사/g;
const LIMITED = /\(유\)|유한회사/g;
const NUMBERED = /제\s*(\d+)\s*호/g;

let seedDirectory: Map<string, string> | undefined;

/** The bundled directory of listed companies, Korean name → English name. */
export function bundledDirectory(): NameDirectory {
  seedDirectory ??= new Map(
    seedCompanies()
      .filter((c) => c.nameEnSource === "directory")
      .map((c) => [c.nameKr, c.nameEn]),
  );
  return seedDirectory;
}

function directoryName(core: string, directory: NameDirectory): string | undefined {
  return directory.get(core) ?? directory.get(core.replace(/\s+/g, ""));
}

/** Translates the corporate words of a Korean name and romanises the rest, word by word. */
function translatedWords(core: string): { english: string; romanised: boolean } {
  let romanised = false;
  const words = core
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      if (!CJK.test(word)) return word;
      const known = KNOWN_NAMES[word] ?? CORPORATE_WORDS.find(([korean]) => korean === word)?.[1];
      if (known) return known;
      let rest = word;
      const tail: string[] = [];
      for (let changed = true; changed && rest;) {
        changed = false;
        for (const [korean, english] of CORPORATE_WORDS) {
          if (rest.length > korean.length && rest.endsWith(korean)) {
            tail.unshift(english);
            rest = rest.slice(0, -korean.length);
            changed = true;
            break;
          }
        }
      }
      const prefix = KNOWN_PREFIXES[rest];
      let head = rest;
      if (prefix) head = prefix;
      else if (CJK.test(rest)) {
        head = romanizeKorean(rest.replace(/\p{Script=Han}/gu, "")).trim();
        romanised = true;
      }
      return [head, ...tail].filter(Boolean).join(" ");
    });
  return { english: words.join(" "), romanised };
}

/**
 * The English name of a Korean company, bank or person as a summary writes it: the
 * directory's name, a known name, or translated corporate words with the rest romanised and
 * the Korean original quoted beside it.
 */
export function readableName(original: string, directory: NameDirectory = bundledDirectory()): string {
  const name = original.trim();
  if (!CJK.test(name)) return name;
  const corporation = CORPORATION.test(name);
  const limited = LIMITED.test(name);
  const core = name.replace(CORPORATION, " ").replace(LIMITED, " ").replace(/\s+/g, " ").trim();
  const listed = directoryName(core, directory);
  if (listed) return displayCompanyName(listed);
  const known = KNOWN_NAMES[core.replace(/\s+/g, "")];
  if (known) return known;
  const numbered = core.replace(NUMBERED, "No. $1");
  const { english, romanised } = translatedWords(numbered);
  const legal =
    corporation && !/\b(Bank|Holdings|Securities|Insurance)$/.test(english) ? " Co., Ltd." : limited ? " LLC" : "";
  const full = `${english}${legal}`;
  return romanised && name.length <= 40 && !/["“”]/.test(name) ? `${full} ("${name}")` : full;
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

/** Words of a directory name that stay in capitals: acronyms and brands such as LG, SK, NICE. */
const KEEP_CAPS = /^(?:[A-Z]{1,4}|[A-Z]+&[A-Z]+)$/;

/**
 * A company's name as a sentence writes it: the legal form dropped and capitals tamed
 * ("SAMSUNG ELECTRONICS CO,.LTD" → "Samsung Electronics", "STX CORPORATION" → "STX").
 */
export function displayCompanyName(nameEn: string): string {
  const core = nameEn
    .replace(/\s*\("[^"]*"\)$/, "")
    .replace(/[\s,]*\b(co\s*[,.]+\s*ltd|company\s+limited|co|ltd|inc|corp|corporation|limited|plc)\b\.?,?/gi, " ")
    .replace(/[\s,.]+$/, "")
    .trim();
  const shouting = core === core.toUpperCase();
  if (!shouting) return core;
  return core
    .split(/\s+/)
    .map((word) => (KEEP_CAPS.test(word) ? word : word.charAt(0) + word.slice(1).toLowerCase()))
    .join(" ");
}

/** A romanised loanword reduced to its consonant skeleton as English spells it. */
function loanwordSkeleton(latin: string): string {
  return latin
    .toLowerCase()
    .replace(/eu/g, "") // the vowel Korean inserts between borrowed consonants (스 seu, 크 keu)
    .replace(/r/g, "l")
    .replace(/ngk/g, "nk")
    .replace(/[aeiouwy]/g, "")
    .replace(/(.)\1+/g, "$1");
}

/**
 * The English name a company uses for itself in its filing's web address, when the Korean
 * name is that name transliterated: 아틀라스링크 with www.atlaslink.co.kr → "Atlaslink"
 * (not "Ateullaseuringkeu"). Null when no address matches.
 */
export function nameFromBody(korean: string, body: string): string | null {
  const core = korean.replace(CORPORATION, "").replace(/\s+/g, "");
  if (!/^[가-힣]+$/.test(core)) return null;
  const skeleton = loanwordSkeleton(romanizeKorean(core));
  for (const [, domain] of body.matchAll(/(?:https?:\/\/)?(?:www\.)?([a-z][a-z0-9-]{2,})\.(?:co\.kr|com|kr|net)\b/gi)) {
    if (skeleton.length >= 3 && loanwordSkeleton(domain) === skeleton)
      return domain.charAt(0).toUpperCase() + domain.slice(1).toLowerCase();
  }
  return null;
}
