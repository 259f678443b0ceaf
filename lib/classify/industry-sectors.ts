/** GICS industry groups (2023 structure), the vocabulary of `sectorTags`. */
export const SECTOR_TAGS = [
  { tag: "Energy", gicsCode: "1010" },
  { tag: "Materials", gicsCode: "1510" },
  { tag: "Capital Goods", gicsCode: "2010" },
  { tag: "Commercial & Professional Services", gicsCode: "2020" },
  { tag: "Transportation", gicsCode: "2030" },
  { tag: "Automobiles & Components", gicsCode: "2510" },
  { tag: "Consumer Durables & Apparel", gicsCode: "2520" },
  { tag: "Consumer Services", gicsCode: "2530" },
  { tag: "Consumer Discretionary Distribution & Retail", gicsCode: "2550" },
  { tag: "Consumer Staples Distribution & Retail", gicsCode: "3010" },
  { tag: "Food, Beverage & Tobacco", gicsCode: "3020" },
  { tag: "Household & Personal Products", gicsCode: "3030" },
  { tag: "Health Care Equipment & Services", gicsCode: "3510" },
  { tag: "Pharmaceuticals, Biotechnology & Life Sciences", gicsCode: "3520" },
  { tag: "Banks", gicsCode: "4010" },
  { tag: "Financial Services", gicsCode: "4020" },
  { tag: "Insurance", gicsCode: "4030" },
  { tag: "Software & Services", gicsCode: "4510" },
  { tag: "Technology Hardware & Equipment", gicsCode: "4520" },
  { tag: "Semiconductors & Semiconductor Equipment", gicsCode: "4530" },
  { tag: "Telecommunication Services", gicsCode: "5010" },
  { tag: "Media & Entertainment", gicsCode: "5020" },
  { tag: "Utilities", gicsCode: "5510" },
  { tag: "Equity Real Estate Investment Trusts (REITs)", gicsCode: "6010" },
  { tag: "Real Estate Management & Development", gicsCode: "6020" },
] as const;

export type SectorTag = (typeof SECTOR_TAGS)[number]["tag"];

/** WICS sector codes (GICS-coded sectors as FnGuide publishes them for Korea). */
export type WicsSector = "G10" | "G15" | "G20" | "G25" | "G30" | "G35" | "G40" | "G45" | "G50" | "G55";

/**
 * The industry group a WICS sector most often means in Korea. Used where the KSIC industry
 * says nothing about the business (holding companies) and as the last resort.
 */
const WICS_SECTOR_DEFAULTS: Readonly<Record<WicsSector, SectorTag>> = {
  G10: "Energy",
  G15: "Materials",
  G20: "Capital Goods",
  G25: "Consumer Durables & Apparel",
  G30: "Food, Beverage & Tobacco",
  G35: "Pharmaceuticals, Biotechnology & Life Sciences",
  G40: "Financial Services",
  G45: "Technology Hardware & Equipment",
  G50: "Media & Entertainment",
  G55: "Utilities",
};

/**
 * A KSIC industry's industry group, optionally refined by the company's WICS sector where one
 * KSIC industry spans several (game developers file as software companies, semiconductor
 * equipment as special-purpose machinery, cosmetics as other chemicals).
 */
type IndustryRule =
  SectorTag | { readonly default: SectorTag; readonly byWics: Partial<Record<WicsSector, SectorTag>> };

/** Holding companies: the group's business is what WICS says it is. */
const HOLDING_COMPANY: IndustryRule = { default: "Financial Services", byWics: WICS_SECTOR_DEFAULTS };

/**
 * Every KSIC industry name (통계청 한국표준산업분류, as the KRX listing spells it) found among
 * listed companies. Keys are matched after whitespace is collapsed.
 */
const KSIC_INDUSTRY_SECTORS: Readonly<Record<string, IndustryRule>> = {
  "1차 비철금속 제조업": "Materials",
  "1차 철강 제조업": "Materials",
  "가구 제조업": "Consumer Durables & Apparel",
  "가전제품 및 정보통신장비 소매업": "Consumer Discretionary Distribution & Retail",
  "가정용 기기 제조업": "Consumer Durables & Apparel",
  "가죽, 가방 및 유사제품 제조업": "Consumer Durables & Apparel",
  "개인 및 가정용품 수리업": "Consumer Services",
  "개인 및 가정용품 임대업": "Consumer Services",
  "건물 건설업": "Capital Goods",
  "건물설비 설치 공사업": "Capital Goods",
  "건축기술, 엔지니어링 및 관련 기술 서비스업": "Capital Goods",
  "건축자재, 철물 및 난방장치 도매업": "Capital Goods",
  "경비, 경호 및 탐정업": "Commercial & Professional Services",
  "고무제품 제조업": "Automobiles & Components",
  "곡물가공품, 전분 및 전분제품 제조업": "Food, Beverage & Tobacco",
  "골판지, 종이 상자 및 종이용기 제조업": "Materials",
  "과실, 채소 가공 및 저장 처리업": "Food, Beverage & Tobacco",
  광고업: "Media & Entertainment",
  "교육지원 서비스업": "Consumer Services",
  "구조용 금속제품, 탱크 및 증기발생기 제조업": "Capital Goods",
  "귀금속 및 장신용품 제조업": "Consumer Durables & Apparel",
  "그외 기타 개인 서비스업": "Consumer Services",
  "그외 기타 운송장비 제조업": "Automobiles & Components",
  "그외 기타 전문, 과학 및 기술 서비스업": {
    default: "Commercial & Professional Services",
    byWics: { G35: "Pharmaceuticals, Biotechnology & Life Sciences", G45: "Semiconductors & Semiconductor Equipment" },
  },
  "그외 기타 제품 제조업": {
    default: "Consumer Durables & Apparel",
    byWics: { G45: "Technology Hardware & Equipment" },
  },
  "금속 주조업": "Materials",
  "금융 지원 서비스업": "Financial Services",
  "기계장비 및 관련 물품 도매업": {
    default: "Capital Goods",
    byWics: { G45: "Technology Hardware & Equipment", G35: "Health Care Equipment & Services" },
  },
  "기록매체 복제업": "Media & Entertainment",
  "기반조성 및 시설물 축조관련 전문공사업": "Capital Goods",
  "기초 의약물질 제조업": "Pharmaceuticals, Biotechnology & Life Sciences",
  "기초 화학물질 제조업": "Materials",
  "기타 과학기술 서비스업": "Commercial & Professional Services",
  "기타 교육기관": "Consumer Services",
  "기타 금속 가공제품 제조업": { default: "Capital Goods", byWics: { G15: "Materials" } },
  "기타 금융업": HOLDING_COMPANY,
  "기타 비금속 광물제품 제조업": "Materials",
  "기타 사업지원 서비스업": "Commercial & Professional Services",
  "기타 상품 전문 소매업": "Consumer Discretionary Distribution & Retail",
  "기타 생활용품 소매업": "Consumer Discretionary Distribution & Retail",
  "기타 섬유제품 제조업": "Consumer Durables & Apparel",
  "기타 식품 제조업": { default: "Food, Beverage & Tobacco", byWics: { G35: "Household & Personal Products" } },
  "기타 운송관련 서비스업": "Transportation",
  "기타 전기장비 제조업": "Capital Goods",
  "기타 전문 도매업": {
    default: "Capital Goods",
    byWics: {
      G10: "Energy",
      G15: "Materials",
      G25: "Consumer Discretionary Distribution & Retail",
      G35: "Health Care Equipment & Services",
      G40: "Financial Services",
      G45: "Technology Hardware & Equipment",
      G50: "Media & Entertainment",
      G55: "Utilities",
    },
  },
  "기타 전문 서비스업": "Commercial & Professional Services",
  "기타 정보 서비스업": {
    default: "Software & Services",
    byWics: { G20: "Commercial & Professional Services", G50: "Media & Entertainment" },
  },
  "기타 종이 및 판지 제품 제조업": { default: "Materials", byWics: { G30: "Household & Personal Products" } },
  "기타 화학제품 제조업": {
    default: "Materials",
    byWics: {
      G25: "Household & Personal Products",
      G30: "Household & Personal Products",
      G35: "Pharmaceuticals, Biotechnology & Life Sciences",
      G45: "Semiconductors & Semiconductor Equipment",
    },
  },
  "나무제품 제조업": "Materials",
  "내화, 비내화 요업제품 제조업": "Materials",
  "담배 제조업": "Food, Beverage & Tobacco",
  "도로 화물 운송업": "Transportation",
  "도시락 및 식사용 조리식품 제조업": "Food, Beverage & Tobacco",
  "도축, 육류 가공 및 저장 처리업": "Food, Beverage & Tobacco",
  "동·식물성 유지 및 낙농제품 제조업": "Food, Beverage & Tobacco",
  "동물용 사료 및 조제식품 제조업": "Food, Beverage & Tobacco",
  "떡, 빵 및 과자류 제조업": "Food, Beverage & Tobacco",
  "마그네틱 및 광학 매체 제조업": "Technology Hardware & Equipment",
  "무기 및 총포탄 제조업": "Capital Goods",
  "무점포 소매업": "Consumer Discretionary Distribution & Retail",
  "반도체 제조업": "Semiconductors & Semiconductor Equipment",
  "방적 및 가공사 제조업": "Consumer Durables & Apparel",
  "보험 및 연금관련 서비스업": "Insurance",
  보험업: "Insurance",
  "봉제의복 제조업": "Consumer Durables & Apparel",
  "부동산 관련 서비스업": "Real Estate Management & Development",
  "부동산 임대 및 공급업": "Real Estate Management & Development",
  "비료, 농약 및 살균, 살충제 제조업": "Materials",
  "비알코올음료 및 얼음 제조업": "Food, Beverage & Tobacco",
  "사업시설 유지·관리 서비스업": "Commercial & Professional Services",
  "사진장비 및 광학기기 제조업": "Technology Hardware & Equipment",
  "산업용 기계 및 장비 임대업": "Capital Goods",
  "산업용 농·축산물 및 동·식물 도매업": "Consumer Staples Distribution & Retail",
  "상품 중개업": "Capital Goods",
  "상품 종합 도매업": { default: "Capital Goods", byWics: { G25: "Consumer Discretionary Distribution & Retail" } },
  "생활용품 도매업": {
    default: "Consumer Discretionary Distribution & Retail",
    byWics: { G35: "Health Care Equipment & Services" },
  },
  "서적, 잡지 및 기타 인쇄물 출판업": { default: "Media & Entertainment", byWics: { G25: "Consumer Services" } },
  "석유 정제품 제조업": "Energy",
  "선박 및 보트 건조업": "Capital Goods",
  "섬유, 의복, 신발 및 가죽제품 소매업": "Consumer Discretionary Distribution & Retail",
  "섬유제품 염색, 정리 및 마무리 가공업": "Consumer Durables & Apparel",
  "소프트웨어 개발 및 공급업": {
    default: "Software & Services",
    byWics: { G50: "Media & Entertainment", G35: "Health Care Equipment & Services" },
  },
  "수산물 가공 및 저장 처리업": "Food, Beverage & Tobacco",
  "스포츠 서비스업": "Consumer Services",
  "시멘트, 석회, 플라스터 및 그 제품 제조업": "Materials",
  "시장조사 및 여론조사업": "Commercial & Professional Services",
  "신발 및 신발 부분품 제조업": "Consumer Durables & Apparel",
  "신탁업 및 집합투자업": "Financial Services",
  "실내건축 및 건축마무리 공사업": "Capital Goods",
  "악기 제조업": "Consumer Durables & Apparel",
  "알코올음료 제조업": "Food, Beverage & Tobacco",
  "어로 어업": "Food, Beverage & Tobacco",
  "여행사 및 기타 여행보조 서비스업": "Consumer Services",
  "연료 소매업": "Energy",
  "연료용 가스 제조 및 배관공급업": "Utilities",
  "영상 및 음향기기 제조업": {
    default: "Technology Hardware & Equipment",
    byWics: { G25: "Consumer Durables & Apparel" },
  },
  "영상·오디오물 제공 서비스업": "Media & Entertainment",
  "영화, 비디오물, 방송프로그램 제작 및 배급업": "Media & Entertainment",
  "오디오물 출판 및 원판 녹음업": "Media & Entertainment",
  "운동 및 경기용구 제조업": "Consumer Durables & Apparel",
  "운송장비 임대업": "Transportation",
  "유리 및 유리제품 제조업": "Materials",
  "유원지 및 기타 오락관련 서비스업": "Consumer Services",
  "육상 여객 운송업": "Transportation",
  "은행 및 저축기관": "Banks",
  "음·식료품 및 담배 도매업": "Consumer Staples Distribution & Retail",
  "음·식료품 및 담배 소매업": "Consumer Staples Distribution & Retail",
  음식점업: "Consumer Services",
  "의료용 기기 제조업": "Health Care Equipment & Services",
  "의료용품 및 기타 의약 관련제품 제조업": "Health Care Equipment & Services",
  "의복 액세서리 제조업": "Consumer Durables & Apparel",
  "의약품 제조업": "Pharmaceuticals, Biotechnology & Life Sciences",
  "인쇄 및 인쇄관련 산업": "Commercial & Professional Services",
  "일반 교습 학원": "Consumer Services",
  "일반 및 생활 숙박시설 운영업": "Consumer Services",
  "일반 목적용 기계 제조업": "Capital Goods",
  "일차전지 및 이차전지 제조업": "Capital Goods",
  "자동차 부품 및 내장품 판매업": "Consumer Discretionary Distribution & Retail",
  "자동차 신품 부품 제조업": "Automobiles & Components",
  "자동차 재제조 부품 제조업": "Automobiles & Components",
  "자동차 차체나 트레일러 제조업": "Automobiles & Components",
  "자동차 판매업": "Consumer Discretionary Distribution & Retail",
  "자동차용 엔진 및 자동차 제조업": "Automobiles & Components",
  "자료처리, 호스팅, 포털 및 기타 인터넷 정보매개 서비스업": {
    default: "Media & Entertainment",
    byWics: { G45: "Software & Services" },
  },
  "자연과학 및 공학 연구개발업": "Pharmaceuticals, Biotechnology & Life Sciences",
  "작물 재배업": "Food, Beverage & Tobacco",
  "재 보험업": "Insurance",
  "전구 및 조명장치 제조업": "Capital Goods",
  "전기 및 통신 공사업": "Capital Goods",
  "전기 통신업": "Telecommunication Services",
  전기업: "Utilities",
  "전동기, 발전기 및 전기 변환 · 공급 · 제어 장치 제조업": "Capital Goods",
  전문디자인업: "Commercial & Professional Services",
  "전자부품 제조업": "Technology Hardware & Equipment",
  "절연선 및 케이블 제조업": "Capital Goods",
  "제재 및 목재 가공업": "Materials",
  "종합 소매업": {
    default: "Consumer Discretionary Distribution & Retail",
    byWics: { G30: "Consumer Staples Distribution & Retail" },
  },
  "증기, 냉·온수 및 공기조절 공급업": "Utilities",
  "직물직조 및 직물제품 제조업": "Consumer Durables & Apparel",
  "창작 및 예술관련 서비스업": "Media & Entertainment",
  "철도장비 제조업": "Capital Goods",
  "초등 교육기관": "Consumer Services",
  "측정, 시험, 항해, 제어 및 기타 정밀기기 제조업; 광학기기 제외": {
    default: "Technology Hardware & Equipment",
    byWics: { G20: "Capital Goods" },
  },
  "컴퓨터 및 주변장치 제조업": "Technology Hardware & Equipment",
  "컴퓨터 프로그래밍, 시스템 통합 및 관리업": "Software & Services",
  "텔레비전 방송업": "Media & Entertainment",
  "토목 건설업": "Capital Goods",
  "통신 및 방송 장비 제조업": "Technology Hardware & Equipment",
  "특수 목적용 기계 제조업": { default: "Capital Goods", byWics: { G45: "Semiconductors & Semiconductor Equipment" } },
  "펄프, 종이 및 판지 제조업": "Materials",
  "편조원단 제조업": "Consumer Durables & Apparel",
  "편조의복 제조업": "Consumer Durables & Apparel",
  "폐기물 처리업": "Commercial & Professional Services",
  "플라스틱제품 제조업": "Materials",
  "합성고무 및 플라스틱 물질 제조업": "Materials",
  "항공 여객 운송업": "Transportation",
  "항공기,우주선 및 부품 제조업": "Capital Goods",
  "해상 운송업": "Transportation",
  "해체, 선별 및 원료 재생업": "Commercial & Professional Services",
  "화학섬유 제조업": { default: "Materials", byWics: { G25: "Consumer Durables & Apparel" } },
  "회사 본부 및 경영 컨설팅 서비스업": { default: "Commercial & Professional Services", byWics: WICS_SECTOR_DEFAULTS },
};

/**
 * For KSIC industries not in the table (a company listed later with a new industry): the
 * first keyword found in the industry name decides. Narrower words first.
 */
const KSIC_KEYWORD_SECTORS: readonly { pattern: RegExp; sector: SectorTag }[] = [
  { pattern: /반도체/, sector: "Semiconductors & Semiconductor Equipment" },
  { pattern: /의약|의료|바이오|연구개발/, sector: "Pharmaceuticals, Biotechnology & Life Sciences" },
  { pattern: /소프트웨어|프로그래밍|정보 서비스|시스템 통합/, sector: "Software & Services" },
  { pattern: /통신업/, sector: "Telecommunication Services" },
  { pattern: /방송|영화|출판|광고|음악|오디오/, sector: "Media & Entertainment" },
  { pattern: /전자|컴퓨터|통신 장비|광학/, sector: "Technology Hardware & Equipment" },
  { pattern: /은행|저축/, sector: "Banks" },
  { pattern: /보험/, sector: "Insurance" },
  { pattern: /금융|투자|신탁/, sector: "Financial Services" },
  { pattern: /부동산/, sector: "Real Estate Management & Development" },
  { pattern: /자동차/, sector: "Automobiles & Components" },
  { pattern: /석유|원유|석탄|연료/, sector: "Energy" },
  { pattern: /전기업|가스|증기|수도/, sector: "Utilities" },
  { pattern: /운송|운수|창고|물류/, sector: "Transportation" },
  { pattern: /식품|식료|음료|담배|사료|농업|어업/, sector: "Food, Beverage & Tobacco" },
  { pattern: /화학|철강|금속|종이|플라스틱|고무|유리|시멘트|광물|목재/, sector: "Materials" },
  { pattern: /섬유|의복|신발|가죽|가구|가정용/, sector: "Consumer Durables & Apparel" },
  { pattern: /소매/, sector: "Consumer Discretionary Distribution & Retail" },
  { pattern: /교육|숙박|음식점|여행|오락|스포츠/, sector: "Consumer Services" },
  { pattern: /건설|공사|기계|장비|도매|전기/, sector: "Capital Goods" },
  { pattern: /서비스/, sector: "Commercial & Professional Services" },
];

/**
 * Company names that decide the group whatever the KSIC industry: REITs file as real-estate
 * lessors or trusts, SPACs as financial support services, bank holding companies as "other
 * finance" alongside every other holding company.
 */
const COMPANY_NAME_SECTORS: readonly { pattern: RegExp; sector: SectorTag }[] = [
  { pattern: /리츠$|부동산투자회사$/, sector: "Equity Real Estate Investment Trusts (REITs)" },
  { pattern: /스팩|기업인수목적/, sector: "Financial Services" },
  {
    pattern: /^(KB금융|신한지주|하나금융지주|우리금융지주|BNK금융지주|JB금융지주|iM금융지주|DGB금융지주)$/,
    sector: "Banks",
  },
];

const WHITESPACE = /\s+/g;

function normalizeIndustry(ksicIndustryKo: string): string {
  return ksicIndustryKo.replace(WHITESPACE, " ").trim();
}

/** Whether the KSIC industry is in the table (rather than left to keywords). */
export function isKnownKsicIndustry(ksicIndustryKo: string): boolean {
  return Object.hasOwn(KSIC_INDUSTRY_SECTORS, normalizeIndustry(ksicIndustryKo));
}

function isWicsSector(code: string | null | undefined): code is WicsSector {
  return code != null && Object.hasOwn(WICS_SECTOR_DEFAULTS, code);
}

export interface CompanyIndustry {
  /** KSIC industry name in Korean, as the KRX listing gives it. */
  ksicIndustryKo?: string | null;
  /** WICS sector code (G10–G55), where known. */
  wicsSector?: string | null;
  /** Korean company name. */
  nameKo?: string | null;
}

/** The industry group of one company, or undefined when nothing about it is known. */
export function sectorTagForCompany({ ksicIndustryKo, wicsSector, nameKo }: CompanyIndustry): SectorTag | undefined {
  const name = nameKo?.trim();
  if (name) {
    const byName = COMPANY_NAME_SECTORS.find(({ pattern }) => pattern.test(name));
    if (byName) return byName.sector;
  }
  const wics = isWicsSector(wicsSector) ? wicsSector : undefined;
  const industry = ksicIndustryKo ? normalizeIndustry(ksicIndustryKo) : "";
  if (industry) {
    const rule = Object.hasOwn(KSIC_INDUSTRY_SECTORS, industry) ? KSIC_INDUSTRY_SECTORS[industry] : undefined;
    if (typeof rule === "string") return rule;
    if (rule) return (wics && rule.byWics[wics]) || rule.default;
    const byKeyword = KSIC_KEYWORD_SECTORS.find(({ pattern }) => pattern.test(industry));
    if (byKeyword) return byKeyword.sector;
  }
  return wics ? WICS_SECTOR_DEFAULTS[wics] : undefined;
}

/**
 * Sector tags for a KSIC industry name (and optionally the company's Korean name), for
 * companies the committed map does not know yet, e.g. listed after it was built.
 */
export function sectorTagsForIndustry(ksicIndustryKo: string, companyNameKo?: string | null): SectorTag[] {
  const tag = sectorTagForCompany({ ksicIndustryKo, nameKo: companyNameKo });
  return tag ? [tag] : [];
}

/**
 * The issuer of a preferred share: the same first five characters and a final "0"
 * (005935 → 005930, 00104K → 001040). Common shares end in "0" and are their own issuer.
 */
export function issuerTicker(ticker: string): string {
  return ticker.length === 6 ? `${ticker.slice(0, 5)}0` : ticker;
}
