/**
 * What a material-management-matters filing (투자판단관련주요경영사항) states in numbered
 * prose: `1. 제목` (the matter as the filing titles it) and the `label: value` items and
 * sentences of `2. 주요내용`, as ./cells.ts splits them. Learned from the real bodies of
 * tests/fixtures/dart/corpus2; a sentence no pattern here reads with certainty yields no fact.
 */
/** A ./forms.ts LabelRule as these items need it (declared here: forms.ts imports this file). */
interface ProseRule {
  role: string;
  label?: RegExp;
  group?: RegExp;
  phrase?: RegExp;
}

export const MATERIAL_PROSE_RULES: readonly ProseRule[] = [
  { role: "material.subject", label: /^제목$/ },
  // A product approval or its application: 품목명, 신청일, 허가일 and 품목허가기관 under 주요내용 (Alteogen's).
  { role: "approval.product", label: /^품목명$/, group: /주요내용/ },
  { role: "approval.date", label: /^허가일$/, group: /주요내용/ },
  // "3) 품목허가 신청(허가)일 및 허가기관: - 신청일: 2023년 2월 7일": the item's first line is the application.
  { role: "approval.application_date", label: /^품목허가신청(\(허가\))?일/, group: /주요내용/ },
  { role: "approval.regulator", label: /^품목허가기관$/, group: /주요내용/ },
  // An investment written as items (SK hynix's Indiana plant: 투자 목적, 투자 금액).
  { role: "investment.amount", label: /^투자금액$/, group: /주요내용/ },
  { role: "investment.purpose", label: /^투자목적$/, group: /주요내용/ },
  // A licence milestone stated in a sentence: "… 마일스톤 달성에 따른 기술료 USD 15,000,000를 수령 예정".
  {
    role: "licence.milestone",
    phrase: /(?<label>마일스톤\s*달성에\s*따른\s*기술료)\s*(?<value>USD\s*\d{1,3}(?:,\d{3})+)/,
  },
];
