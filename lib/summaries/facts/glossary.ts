/**
 * What a deal is, in English: the glossary of the domain terms real bodies use to say what a
 * contract supplies and what an investment is for (체결계약명, 세부내용, 투자대상, 투자목적):
 * vessels, plants, products, projects, the places they are in and the purposes stated. Learned
 * from the bodies in tests/fixtures/documents.
 *
 * glossaryText(cell): the cell in English when every Korean word of it is in the glossary (a
 * few Korean constructions reordered: `X를 위한 Y` "Y for X", `X용 Y` "Y for X", `… 신설` "new
 * …"); otherwise the cell quoted in Korean and marked untranslated, never romanised.
 */
import { untranslated } from "./terms";

/** Korean → English, longest first when one contains another (the alternation sorts them). */
const GLOSSARY: Readonly<Record<string, string>> = {
  // Vessels.
  초대형원유운반선: "very large crude carrier",
  원유운반선: "crude oil tanker",
  석유제품운반선: "product tanker",
  LNG운반선: "LNG carrier",
  LPG운반선: "LPG carrier",
  암모니아운반선: "ammonia carrier",
  자동차운반선: "car carrier",
  컨테이너선: "container ship",
  컨테이너: "container",
  벌크선: "bulk carrier",
  유조선: "tanker",
  셔틀탱커: "shuttle tanker",
  쇄빙선: "icebreaker",
  잠수함: "submarine",
  호위함: "frigate",
  선박: "vessel",
  신조: "newbuilding",
  선대: "fleet",
  // Energy, power and plants.
  해상풍력: "offshore wind",
  육상풍력: "onshore wind",
  풍력: "wind power",
  태양광: "solar",
  발전소: "power plant",
  발전사업: "power generation project",
  연료전지: "fuel cell",
  수소: "hydrogen",
  원자력: "nuclear",
  원전: "nuclear power plant",
  초고압: "ultra-high-voltage",
  직류송전: "direct-current transmission",
  변압기: "transformer",
  에너지저장장치: "energy storage system",
  배터리: "battery",
  이차전지: "secondary battery",
  "2차전지": "secondary battery",
  전기차: "electric vehicle",
  양극재: "cathode material",
  음극재: "anode material",
  폴리실리콘: "polysilicon",
  반도체: "semiconductor",
  파운드리: "foundry",
  클러스터: "cluster",
  공장: "plant",
  생산라인: "production line",
  해수처리시설: "seawater treatment facility",
  해수담수화: "desalination",
  플랜트: "plant",
  시설: "facility",
  설비: "equipment",
  시스템: "system",
  // Construction and property.
  "설계·구매·시공": "engineering, procurement and construction",
  설계: "design",
  시공: "construction",
  공사도급계약: "construction contract",
  도급계약: "contract",
  신축공사: "new-build construction",
  공사: "construction work",
  건설: "construction",
  주상복합: "mixed-use residential complex",
  오피스텔: "officetel",
  아파트: "apartment",
  고급: "luxury",
  재개발정비사업: "redevelopment project",
  재건축정비사업: "reconstruction project",
  데이터센터: "data centre",
  터널: "tunnel",
  // Contracts and products.
  장기유지보수계약: "long-term service agreement",
  장기대선계약: "long-term charter contract",
  공급계약: "supply contract",
  공급: "supply",
  수출: "export",
  계약: "contract",
  사업: "project",
  // Purposes.
  중장기: "mid- to long-term",
  경쟁력: "competitiveness",
  강화: "strengthening",
  선제적인: "anticipated",
  차세대: "next-generation",
  생산능력: "production capacity",
  생산: "production",
  인프라: "infrastructure",
  구축: "building",
  확장: "expansion",
  증설: "expansion",
  투자: "investment",
  확보: "securing",
  시장: "market",
  "수주 증가 물량": "increased order volume",
  수요: "demand",
  증대: "growth",
  자작: "in-house",
  및: "and",
  // Places of the deals read so far.
  용인: "Yongin",
  청주: "Cheongju",
  이천: "Icheon",
  평택: "Pyeongtaek",
  영광: "Yeonggwang",
  신안우이: "Sinan Ui",
  부산: "Busan",
  청담동: "Cheongdam-dong",
  온천동: "Oncheon-dong",
  호원: "Howon",
  구역: "District",
  이라크: "Iraq",
  멕시코: "Mexico",
  그린: "Green",
};

/** Words that add nothing in English (도모 "to pursue"). */
const DROPPED = /\s*(?:도모|추진)\s*$/;
/** Trailing verbs of a purpose, which English puts first: `선대 경쟁력 강화` "strengthening fleet competitiveness". */
const LEADING_VERBS: Readonly<Record<string, string>> = {
  강화: "strengthening",
  확장: "expanding",
  구축: "building",
  확보: "securing",
  건설: "construction of",
  신설: "new",
};
const WORDS = new RegExp(
  Object.keys(GLOSSARY)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|"),
  "g",
);

/** Korean constructions whose English runs the other way, tried in order on the whole cell. */
const ORDER: readonly (readonly [RegExp, (m: RegExpExecArray) => string | null])[] = [
  // 수주 증가 물량 대응을 위한 … 확보 → "securing … to meet increased order volume"
  [/^(.+?)\s*대응을?\s*위한\s+(.+)$/, (m) => join(m[2], /시장$/.test(m[1]) ? " to serve the " : " to meet ", m[1])],
  [/^(.+?)(?:을|를)?\s*위한\s+(.+)$/, (m) => join(m[2], " for ", m[1])],
  [/^(.+?)에\s*따른\s+(.+)$/, (m) => join(m[2], " in response to ", m[1])],
  // HVDC(초고압 직류송전)용 변압기 공장 신설 → "new transformer plant for HVDC (…)"
  [/^([A-Za-z0-9()가-힣\s]+?)용\s+(.+)$/, (m) => join(m[2], " for ", m[1])],
  [
    new RegExp(`^(.+?)\\s+(${Object.keys(LEADING_VERBS).join("|")})$`),
    (m) => {
      const rest = english(m[1]);
      return rest && `${LEADING_VERBS[m[2]]} ${rest}`;
    },
  ],
];

function join(first: string, link: string, second: string): string | null {
  const a = english(first);
  const b = english(second);
  return a && b ? `${a}${link}${b}` : null;
}

/** Word by word, counts of vessels as counts: null when a Korean word is left. */
function words(korean: string): string | null {
  const text = korean
    .replace(/(\d[\d,]*)\s*척/g, "($1 vessels)")
    .replace(/(\d+)\s*기(?=\s|$)/g, "phase $1")
    .replace(/\bCapa\b/g, "capacity")
    .replace(WORDS, (w) => ` ${GLOSSARY[w]} `)
    .replace(/\s*\(\s*/g, " (")
    .replace(/\s*\)/g, ")")
    .replace(/\s+/g, " ")
    .trim();
  return /[가-힣]/.test(text) ? null : text;
}

function english(korean: string): string | null {
  const cell = korean.replace(DROPPED, "").trim();
  for (const [pattern, write] of ORDER) {
    const m = pattern.exec(cell);
    const text = m && write(m);
    if (text) return text;
  }
  return words(cell);
}

export function glossaryText(cell: string): string {
  return english(cell.trim()) ?? untranslated(cell);
}
