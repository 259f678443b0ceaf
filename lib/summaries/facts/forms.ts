/**
 * The label dictionary: for each DART form, which Korean label (with its group and column)
 * states which role. Built from the real bodies in tests/fixtures/documents and the OpenDART
 * DS005 field layouts (../shared/data/dart/reference). Patterns match labels compacted
 * (./cells.ts compactLabel: no spaces or numbering). A label no rule of the filing's form
 * matches yields an unlabelled fact, never a guessed role; labels in the form's notes or in
 * a correction block match only rules that ask for them, since the same words there speak
 * of other things (the original contract, the figure before a correction).
 *
 * A form's key roles are what a summary of it must state when the sheet has them; a sheet
 * with none of them is not sold (reason no_facts).
 */

import { MATERIAL_PROSE_RULES } from "./prose-forms";

export interface LabelRule {
  role: string;
  /** The value's own label (the cell before it); a rule with only `column` matches any label. */
  label?: RegExp;
  /** The group or numbered item the label sits under. */
  group?: RegExp;
  /** The column header over the value. */
  column?: RegExp;
  /** Position among the row's values, for tables whose headers span columns: [index, count]. */
  position?: readonly (readonly [index: number, count: number])[];
  /** Where else the rule may read: prose items of the notes, or a correction block's column. */
  notes?: boolean;
  correction?: "before" | "after";
  /** A pattern over a line of prose: its `label` and `value` groups are the source cells. */
  phrase?: RegExp;
}

export interface Form {
  id: string;
  /** The filing title (normalised report name) of the form. */
  title?: RegExp;
  /** Event types the form stands for when no form's title matches. */
  eventTypes?: readonly string[];
  rules: readonly LabelRule[];
  keyRoles: readonly string[];
  /**
   * Roles the filing cannot be told without (its key table): a sheet lacking any is not sold
   * (reason incomplete_facts), whatever else it holds.
   */
  required?: readonly string[];
}

const rule = (role: string, label: RegExp, extra: Omit<LabelRule, "role" | "label"> = {}): LabelRule => ({
  role,
  label,
  ...extra,
});

/** Labels most forms share. */
const COMMON: readonly LabelRule[] = [
  rule("decision_date", /^(이사회결의일|결정일|처분결정일|취득결정일|매도결정일)/),
  rule("fact_date", /^(사실확인일|사실발생\(확인\)일|결정\(확인\)일자|확인일자)/),
  {
    role: "correction.cancelled",
    phrase: /(?<label>정정사유)\s*:\s*(?<value>(?:계약|거래|합의)\s*(?:해제|해지))\s*(?:\d+\.|$)/,
  },
];

const FUNDING: readonly LabelRule[] = [
  rule("funding.facilities", /^시설자금/),
  rule("funding.business_acquisition", /^영업양수자금/),
  rule("funding.operations", /^운영자금/),
  rule("funding.debt_repayment", /^채무상환자금/),
  rule("funding.securities", /^타법인증권취득자금/),
  rule("funding.other", /^기타자금/),
];

const CONTRACT_TERMS: readonly LabelRule[] = [
  rule("contract.revenue_ratio", /^매출액대비/),
  rule("recent_revenue", /^최근매출액/),
  rule("contract.counterparty", /^(계약상대방?|거래상대방?|발주처)$/),
  rule("relation", /^회사와의관계/, { group: /계약상대/ }),
  rule("contract.start", /^시작일/, { group: /계약기간/ }),
  rule("contract.end", /^종료일/, { group: /계약기간/ }),
  rule("contract.period", /^계약기간$/),
];

const BOND_TERMS: readonly LabelRule[] = [
  rule("bond.series", /^회차$/),
  rule("bond.kind", /^종류$/, { group: /사채의종류/ }),
  rule("bond.face_value", /^(사채의)?권면(\(전자등록\))?총액(\(원\))?$/),
  rule("bond.face_value_foreign", /^권면(\(전자등록\))?총액\(통화단위\)/),
  rule("bond.coupon", /^표면이자율/),
  rule("bond.yield", /^만기이자율/),
  rule("bond.maturity", /^사채만기일/),
  rule("bond.issue_date", /^사채발행일자/),
  rule("bond.placement", /^사채발행방법/),
  rule("bond.conversion_price", /^(보고일현재)?전환가액(\(원|\(원\/주\)|$)/),
  rule("bond.exchange_price", /^교환가액(\(원|$)/),
  rule("bond.exercise_price", /^행사가액(\(원|$)/),
  rule("bond.conversion_shares", /^주식수/, {
    group: /전환에따라발행할주식|교환대상|권리행사로발행할주식|^\d*\.?전환에관한사항|교환에관한사항/,
  }),
  rule("bond.conversion_ratio", /^주식총수대비비율/),
  rule("bond.conversion_start", /^시작일/, { group: /(전환|교환|권리행사)청구기간|행사기간/ }),
  rule("bond.conversion_end", /^종료일/, { group: /(전환|교환|권리행사)청구기간|행사기간/ }),
  rule("bond.floor", /^최저조정가액/),
  rule("bond.subscription_date", /^청약일/),
  rule("bond.payment_date", /^납입일/),
  rule("bond.lead_manager", /^대표주관회사/),
  rule("bond.guarantor", /^보증기관/),
  rule("bond.exchange_target", /^종류$/, { group: /교환대상/ }),
];

const TREASURY_RULES: readonly LabelRule[] = [
  rule("treasury.shares", /^보통주식/, { group: /^(취득|처분)예정주식/ }),
  rule("treasury.price", /^보통주식/, { group: /^(처분)?대상주식가격/ }),
  rule("treasury.amount", /^보통주식/, { group: /^(취득|처분)예정금액/ }),
  rule("treasury.start", /^시작일/, { group: /^(취득|처분)(예상|예정)기간/ }),
  rule("treasury.end", /^종료일/, { group: /^(취득|처분)(예상|예정)기간/ }),
  rule("treasury.purpose", /^(취득|처분)목적/),
  rule("treasury.free", /^처분목적/),
  rule("treasury.grant", /^처분목적/),
  rule("treasury.method", /^취득방법$/),
  rule("treasury.market_shares", /^시장을통한매도/, { group: /처분방법/ }),
  rule("treasury.block_shares", /^시간외대량매매/, { group: /처분방법/ }),
  rule("treasury.off_market_shares", /^장외처분/, { group: /처분방법/ }),
  rule("treasury.other_shares", /^기타\(주\)/, { group: /처분방법/ }),
  rule("treasury.broker", /^위탁투자중개업자/),
  // A tender offer's price is stated in the notes: `1주당 공개매수가격인 26,200원`.
  { role: "tender.price", phrase: /(?<label>1주당\s*공개매수\s*가격)인?\s*(?<value>\d{1,3}(?:,\d{3})+\s*원)/ },
  rule("treasury.held_shares", /^보통주식/, { group: /배당가능이익범위내취득/ }),
  rule("treasury.held_ratio", /^비율/, { group: /배당가능이익범위내취득/ }),
];

const SHARE_TRANSFER_RULES: readonly LabelRule[] = [
  rule("transfer.target", /^회사명$/, { group: /발행회사/ }),
  rule("transfer.shares", /^(양도|취득|처분)주식수/),
  rule("transfer.amount", /^(양도|취득|처분)금액/),
  rule("total_assets", /^총자산/),
  rule("transfer.asset_ratio", /^총자산대비/),
  rule("equity", /^자기자본\(원\)/),
  rule("transfer.equity_ratio", /^자기자본대비/),
  rule("transfer.shares_after", /^소유주식수/),
  rule("transfer.stake_after", /^지분비율/),
  rule("transfer.date", /^(양도|취득|처분)예정일자/),
  rule("transfer.counterparty", /^회사명\(성명\)/, { group: /거래상대방/ }),
];

const ASSET_TRANSFER_RULES: readonly LabelRule[] = [
  rule("transfer.amount", /^(양수|양도)(금액|가액)/),
  rule("total_assets", /^자산총액(\(원\))?$/),
  rule("transfer.asset_ratio", /^자산총액대비/),
  rule("transfer.contract_date", /^계약체결일/),
  rule("transfer.date", /^(양수|양도)기준일|^등기예정일/),
  rule("transfer.counterparty", /^회사명\(성명\)/, { group: /거래상대방/ }),
  rule("transfer.target_assets", /^자산액$/, { column: /(양수|양도)대상/ }),
  rule("transfer.target_revenue", /^매출액$/, { column: /(양수|양도)대상/ }),
  rule("transfer.company_revenue", /^매출액$/, { column: /^당사전체/ }),
  rule("transfer.target_revenue_ratio", /^매출액$/, { column: /^비중/ }),
];

const RESULT_COLUMNS = (metric: string, label: RegExp, cumulative = false): LabelRule[] => {
  const where = cumulative ? /^누계실적/ : /^당해실적/;
  const key = cumulative ? `${metric}.cumulative` : metric;
  return [
    rule(cumulative ? key : `${metric}.current`, where, {
      group: label,
      position: [
        [0, 5],
        [0, 7],
      ],
    }),
    ...(cumulative
      ? [
          rule(`${metric}.cumulative_year_ago`, where, {
            group: label,
            position: [
              [3, 5],
              [4, 7],
            ],
          }),
          rule(`${metric}.cumulative_yoy_change`, where, {
            group: label,
            position: [
              [4, 5],
              [5, 7],
            ],
          }),
        ]
      : [
          rule(`${metric}.prior_quarter`, where, {
            group: label,
            position: [
              [1, 5],
              [1, 7],
            ],
          }),
          rule(`${metric}.qoq_change`, where, {
            group: label,
            position: [
              [2, 5],
              [2, 7],
            ],
          }),
          rule(`${metric}.year_ago`, where, {
            group: label,
            position: [
              [3, 5],
              [4, 7],
            ],
          }),
          rule(`${metric}.yoy_change`, where, {
            group: label,
            position: [
              [4, 5],
              [5, 7],
            ],
          }),
        ]),
  ];
};

const METRICS: readonly (readonly [string, RegExp, RegExp])[] = [
  ["revenue", /^매출액$/, /^-?매출액\(당해실적\)/],
  ["operating_profit", /^영업이익$/, /^-?영업이익\(당해실적\)/],
  ["pretax_profit", /^법인세비용차감전계속사업이익$/, /^-?법인세비용차감전/],
  ["net_income", /^당기순이익$/, /^-?당기순이익\(당해실적\)/],
  ["controlling_net_income", /^지배기업소유주지분순이익$/, /^-?지배기업/],
];

export const FORMS: readonly Form[] = [
  {
    id: "supply_contract",
    title: /단일판매[ㆍ·]?공급계약체결/,
    eventTypes: ["SUPPLY_CONTRACT_SIGNED"],
    keyRoles: ["contract.amount", "contract.revenue_ratio", "contract.counterparty", "contract.end"],
    rules: [
      rule("contract.kind", /^판매[ㆍ·]?공급계약구분$/),
      rule("contract.description", /^(체결계약명|계약명|세부내용|판매[ㆍ·]?공급계약내용|계약내용)$/),
      rule("contract.amount", /^(확정)?계약금액/),
      ...CONTRACT_TERMS,
      rule("contract.date", /^계약\(수주\)일자/),
      rule("contract.deferral_end", /^유보기한/),
    ],
  },
  {
    id: "supply_termination",
    title: /단일판매[ㆍ·]?공급계약해지/,
    eventTypes: ["SUPPLY_CONTRACT_TERMINATED"],
    keyRoles: ["termination.amount", "termination.revenue_ratio", "contract.counterparty", "termination.date"],
    rules: [
      rule("contract.kind", /^판매[ㆍ·]?공급계약해지구분$/),
      rule("contract.description", /^(해지계약명|계약명|세부내용)$/),
      rule("termination.amount", /^해지금액/),
      rule("termination.revenue_ratio", /^매출액대비/),
      rule("recent_revenue", /^최근매출액/),
      rule("contract.counterparty", /^계약상대방?$/),
      rule("contract.start", /^시작일/, { group: /계약기간/ }),
      rule("contract.end", /^종료일/, { group: /계약기간/ }),
      rule("termination.date", /^해지일자/),
    ],
  },
  {
    id: "facility_investment",
    title: /신규시설투자/,
    eventTypes: ["NEW_FACILITY_INVESTMENT"],
    keyRoles: ["investment.amount", "investment.equity_ratio", "investment.end"],
    rules: [
      rule("investment.kind", /^투자구분$/),
      rule("investment.target", /^투자대상$/),
      rule("investment.purpose", /^투자목적$/),
      rule("investment.amount", /^투자금액/),
      rule("equity", /^자기자본(\(원\))?$/),
      rule("investment.equity_ratio", /^자기자본대비/),
      rule("investment.start", /^시작일/, { group: /투자기간/ }),
      rule("investment.end", /^종료일/, { group: /투자기간/ }),
      rule("contract.deferral_end", /^유보기한/),
    ],
  },
  {
    // Before treasury_trust: a termination shares its event type and its 계약기간 labels.
    id: "treasury_trust_termination",
    title: /신탁계약해지/,
    keyRoles: ["trust.amount", "trust.termination_date", "trust.broker"],
    required: ["trust.amount"],
    rules: [
      rule("trust.amount", /^해지전$/, { group: /계약금액/ }),
      rule("trust.start", /^시작일/, { group: /계약기간/ }),
      rule("trust.end", /^종료일/, { group: /계약기간/ }),
      rule("trust.termination_reason", /^해지목적/),
      rule("trust.broker", /^해지기관/),
      rule("trust.termination_date", /^해지예정일자/),
      rule("trust.return_method", /반환방법/),
      rule("trust.shares", /^보통주식/, { group: /해지예정주식/ }),
    ],
  },
  {
    id: "treasury_trust",
    title: /자기주식취득신탁계약체결|신탁계약체결결정/,
    eventTypes: ["TREASURY_STOCK_TRUST"],
    keyRoles: ["trust.amount", "trust.end", "trust.broker"],
    rules: [
      rule("trust.amount", /^계약금액/),
      rule("trust.start", /^시작일/, { group: /계약기간/ }),
      rule("trust.end", /^종료일/, { group: /계약기간/ }),
      rule("treasury.purpose", /^계약목적/),
      rule("trust.broker", /^계약체결기관/),
    ],
  },
  {
    id: "treasury_result",
    title: /자기주식(취득|처분)결과보고서/,
    keyRoles: ["result.largest_after", "result.group_after"],
    required: ["result.largest_after"],
    rules: [
      rule("result.group_before", /^보통주식/, { group: /^계$/, column: /(취득|처분)보고일/ }),
      rule("result.group_after", /^보통주식/, { group: /^계$/, column: /(취득|처분)종료일/ }),
      rule("result.largest_before", /^보통주식/, { column: /(취득|처분)보고일/ }),
      rule("result.largest_after", /^보통주식/, { column: /(취득|처분)종료일/ }),
    ],
  },
  ...(["acquisition", "disposal"] as const).map((kind): Form => ({
    id: `treasury_${kind}`,
    title: kind === "acquisition" ? /자기주식취득결정/ : /자기주식처분결정/,
    eventTypes: [kind === "acquisition" ? "TREASURY_STOCK_ACQUISITION" : "TREASURY_STOCK_DISPOSAL"],
    keyRoles: ["treasury.shares", "treasury.amount", "treasury.end"],
    required: ["treasury.shares"],
    rules: TREASURY_RULES,
  })),
  {
    id: "rights_offering",
    title: /유상증자결정/,
    eventTypes: ["RIGHTS_OFFERING"],
    keyRoles: ["rights.new_shares", "rights.method", "rights.issue_price", "payment_date"],
    required: ["rights.new_shares"],
    rules: [
      rule("rights.new_shares", /^보통주식/, { group: /신주의종류와수/ }),
      rule("par_value", /^1주당액면가액/),
      rule("rights.shares_before", /^보통주식/, { group: /증자전발행주식총수/ }),
      ...FUNDING,
      rule("rights.method", /^증자방식/),
      rule("rights.issue_price", /^보통주식/, { group: /신주발행가액|확정발행가|예정발행가/ }),
      rule("rights.base_price", /^보통주식/, { group: /^기준주가$/ }),
      rule("rights.discount", /^기준주가에대한할인율또는할증율/),
      rule("rights.record_date", /^신주배정기준일/),
      rule("payment_date", /^납입일/),
      rule("dividend_start", /^신주의배당기산일/),
      rule("listing_date", /^신주의상장예정일/),
      rule("bond.lead_manager", /^대표주관회사/),
      rule("rights.lockup", /^제출을면제받은경우그사유/),
    ],
  },
  {
    id: "bonus_issue",
    title: /무상증자결정/,
    eventTypes: ["BONUS_ISSUANCE"],
    keyRoles: ["bonus.new_shares", "bonus.per_share", "bonus.record_date"],
    required: ["bonus.new_shares"],
    rules: [
      rule("bonus.new_shares", /^보통주식/, { group: /신주의종류와수/ }),
      rule("par_value", /^1주당액면가액/),
      rule("bonus.shares_before", /^보통주식/, { group: /증자전발행주식총수/ }),
      rule("bonus.record_date", /^신주배정기준일/),
      rule("bonus.per_share", /^보통주식/, { group: /1주당신주배정주식수/ }),
      rule("dividend_start", /^신주의배당기산일/),
      rule("listing_date", /^신주의상장예정일/),
    ],
  },
  {
    id: "share_exchange",
    title: /주식교환[ㆍ·]?이전결정/,
    keyRoles: ["exchange.partner", "exchange.date", "exchange.contract_date"],
    rules: [
      rule("exchange.kind", /^구분$/),
      rule("exchange.partner", /^(가\.)?회사명$/, { group: /교환[ㆍ·]?이전대상법인/ }),
      rule("exchange.contract_date", /^교환[ㆍ·]?이전계약일$/),
      rule("exchange.date", /^교환[ㆍ·]?이전일자$/),
    ],
  },
  {
    id: "bond_issue",
    title:
      /(전환사채권|교환사채권|신주인수권부사채권|신종자본증권|조건부자본증권|상각형조건부자본증권|자본으로인정되는채무증권)발행결정/,
    eventTypes: ["CONVERTIBLE_BOND_ISSUANCE", "EXCHANGEABLE_BOND_ISSUANCE", "WARRANT_BOND_ISSUANCE"],
    keyRoles: ["bond.face_value", "bond.placement", "bond.conversion_price", "bond.exchange_price", "bond.maturity"],
    required: ["bond.face_value"],
    rules: [...BOND_TERMS, ...FUNDING],
  },
  {
    id: "bond_call_option",
    title: /전환사채매수선택권행사/,
    eventTypes: ["CONVERTIBLE_BOND_CALL_OPTION"],
    keyRoles: ["bond.series", "call.face_value", "call.price", "call.date"],
    rules: [
      rule("call.face_value", /^매수선택권이행사된전환사채의권면/),
      rule("bond.face_value", /^해당전환사채의권면(\(전자등록\))?총액/),
      rule("call.ratio", /^행사비율/),
      rule("call.date", /^전환사채매수선택권행사일/),
      rule("call.price", /^금액/, { group: /^행사대가/ }),
      rule("call.payment_date", /^행사대가지급/),
      ...BOND_TERMS,
    ],
  },
  {
    id: "bond_resale",
    title: /자기전환사채매도결정|자기사채매도/,
    eventTypes: ["CONVERTIBLE_BOND_RESALE"],
    keyRoles: ["bond.series", "resale.face_value", "resale.amount", "resale.payment_date"],
    rules: [
      rule("resale.face_value", /^매도대상사채의권면/),
      rule("resale.cost", /^취득금액/),
      rule("resale.date", /^매도결정일/),
      rule("resale.amount", /^금액/, { group: /^매도금액/ }),
      rule("resale.payment_date", /^매도대금수령/),
      ...BOND_TERMS,
    ],
  },
  {
    id: "conversion_price_adjustment",
    title: /전환가액의조정|교환가액의조정|행사가액의조정|전환가액조정/,
    eventTypes: ["CONVERSION_PRICE_ADJUSTMENT"],
    keyRoles: ["adjustment.price_before", "adjustment.price_after", "adjustment.effective_date"],
    rules: [
      { role: "bond.series", column: /^회차$/ },
      { role: "adjustment.price_before", column: /^조정전(전환|교환|행사)가액/ },
      { role: "adjustment.price_after", column: /^조정후(전환|교환|행사)가액/ },
      { role: "bond.outstanding", column: /^미전환사채의권면/ },
      { role: "adjustment.shares_before", column: /^조정전(전환|교환|행사)가능주식수/ },
      { role: "adjustment.shares_after", column: /^조정후(전환|교환|행사)가능주식수/ },
      rule("adjustment.reason", /^조정사유/),
      rule("adjustment.effective_date", /^조정가액적용일/),
    ],
  },
  {
    id: "capital_reduction",
    title: /감자결정/,
    eventTypes: ["CAPITAL_REDUCTION"],
    keyRoles: ["reduction.shares", "reduction.method", "reduction.record_date"],
    rules: [
      rule("reduction.shares", /^보통주식/, { group: /감자주식의종류와수/ }),
      rule("par_value", /^1주당액면가액/),
      { role: "reduction.capital_before", column: /^감자전\(원\)/ },
      { role: "reduction.capital_after", column: /^감자후\(원\)/ },
      rule("reduction.shares_before", /^보통주식/, { column: /^감자전\(주\)/ }),
      rule("reduction.shares_after", /^보통주식/, { column: /^감자후\(주\)/ }),
      rule("reduction.ratio", /^보통주식/, { group: /감자비율/ }),
      rule("reduction.record_date", /^감자기준일/),
      rule("reduction.method", /^감자방법/),
      rule("meeting_date", /^주주총회예정일/),
      rule("listing_date", /^신주상장예정일/),
      rule("reduction.objection_start", /^시작일/, { group: /채권자이의제출기간/ }),
      rule("reduction.objection_end", /^종료일/, { group: /채권자이의제출기간/ }),
    ],
  },
  {
    id: "holding_report",
    title: /주식등의대량보유상황보고서/,
    keyRoles: ["holding.holder", "holding.after_shares", "holding.after_percent"],
    rules: [
      rule("holding.obligation_date", /^보고의무발생일/),
      rule("holding.holder", /^보고자$/),
      rule("holding.relation", /^발행회사와의관계$/),
      rule("holding.report_kind", /^보고구분$/),
      // The summary's reason first, then the change's own (변동사유), then a change of details (변경사유).
      rule("holding.reason", /^보고사유$/),
      rule("holding.reason", /^변동(방법|사유)$/),
      rule("holding.reason", /^변경사유$/),
      rule("holding.before_shares", /^직전보고서$/, { column: /^보유주식등의수$/ }),
      rule("holding.before_percent", /^직전보고서$/, { column: /^보유비율$/, group: /^보유주식등의수및보유비율/ }),
      rule("holding.after_shares", /^이번보고서$/, { column: /^보유주식등의수$/ }),
      rule("holding.after_percent", /^이번보고서$/, { column: /^보유비율$/, group: /^보유주식등의수및보유비율/ }),
      rule("holding.contract_shares", /^이번보고서$/, { column: /^주식등의수$/, group: /^주요계약체결주식등의수/ }),
      rule("holding.contract_percent", /^이번보고서$/, { column: /^비율$/, group: /^주요계약체결주식등의수/ }),
      rule("holding.purpose", /^보유목적$/),
      rule("shares_outstanding", /^의결권있는발행주식총수/),
    ],
  },
  {
    id: "executive_holding",
    title: /임원[ㆍ·]?주요주주특정증권등소유상황보고서/,
    keyRoles: ["holding.holder", "holding.after_shares", "holding.change_shares"],
    rules: [
      rule("holding.holder", /^보고자$/),
      rule("holding.before_shares", /^직전보고서$/, { column: /^특정증권등의수/ }),
      rule("holding.before_percent", /^직전보고서$/, { column: /^비율/ }),
      rule("holding.after_shares", /^이번보고서$/, { column: /^특정증권등의수/ }),
      rule("holding.after_percent", /^이번보고서$/, { column: /^비율/ }),
      rule("holding.change_shares", /^증감$/, { column: /^특정증권등의수/ }),
    ],
  },
  {
    id: "preliminary_results",
    title: /영업\(잠정\)실적|영업실적등에대한전망|매출액또는손익구조/,
    eventTypes: ["PRELIMINARY_RESULTS"],
    keyRoles: ["results.period", "revenue.current", "operating_profit.current", "net_income.current"],
    rules: [
      rule("results.period", /^당기실적$/),
      ...METRICS.flatMap(([metric, label]) => [
        ...RESULT_COLUMNS(metric, label),
        ...RESULT_COLUMNS(metric, label, true),
      ]),
      ...METRICS.map(([metric, , corrected]) =>
        rule(`${metric}.first_reported`, corrected, { correction: "before", column: /^정정전$/ }),
      ),
    ],
  },
  {
    id: "merger",
    title: /회사합병결정/,
    eventTypes: ["MERGER"],
    keyRoles: ["merger.partner", "merger.method", "merger.ratio", "merger.date"],
    rules: [
      rule("merger.method", /^합병(방법|형태)/),
      rule("merger.ratio", /^합병비율$/),
      rule("merger.new_shares", /^보통주식/, { group: /합병신주/ }),
      rule("merger.partner", /^회사명$/, { group: /합병상대회사/ }),
      rule("merger.partner_relation", /^회사와의관계/, { group: /합병상대회사/ }),
      rule("merger.partner_assets", /^자산총계/, { group: /합병상대회사|최근사업연도재무내용/ }),
      rule("merger.partner_revenue", /^매출액/, { group: /합병상대회사|최근사업연도재무내용/ }),
      rule("merger.contract_date", /^합병계약일/),
      rule("meeting_date", /^주주총회예정일/),
      rule("merger.date", /^합병기일/),
      rule("listing_date", /^신주의상장예정일/),
      rule("merger.appraisal_price", /^매수예정가격/),
    ],
  },
  {
    id: "spin_off",
    title: /회사분할결정/,
    eventTypes: ["SPIN_OFF"],
    keyRoles: ["spinoff.method", "spinoff.new_company", "spinoff.date"],
    rules: [
      rule("spinoff.method", /^분할방법/),
      rule("spinoff.ratio", /^분할비율/),
      rule("spinoff.remaining_assets", /^자산총계/, { group: /존속회사/ }),
      rule("spinoff.remaining_revenue", /^존속사업부문/),
      rule("spinoff.new_company", /^회사명$/, { group: /분할설립회사|신설회사/ }),
      rule("spinoff.new_assets", /^자산총계/, { group: /분할설립회사|신설회사/ }),
      rule("spinoff.new_revenue", /^신설사업부문/),
      rule("meeting_date", /^주주총회예정일/),
      rule("spinoff.date", /^분할기일/),
    ],
  },
  {
    id: "periodic_report",
    title: /^(반기|분기|사업)보고서/,
    eventTypes: ["PERIODIC_REPORT"],
    keyRoles: ["results.period", "revenue.current", "operating_profit.current", "net_income.current"],
    rules: [
      {
        role: "results.period",
        phrase:
          /(?<label>제\s*\d+\s*기\s*(?:반기|\d분기|분기)?)\s+(?<value>\d{4}\.\d{2}\.\d{2}\s*부터\s*\d{4}\.\d{2}\.\d{2})/,
      },
      rule("total_assets", /^\[?자산총계\]?$/),
      ...(
        [
          ["revenue", /^(수익\(매출액\)|매출액)$/],
          ["operating_profit", /^영업이익(\(손실\))?$/],
          ["net_income", /^(당기|반기|분기)순이익(\(손실\))?$/],
        ] as const
      ).flatMap(([metric, label]) => [
        rule(`${metric}.latest_quarter`, label, { group: /손익계산서/, position: [[0, 4]] }),
        rule(`${metric}.current`, label, {
          group: /손익계산서/,
          position: [
            [1, 4],
            [0, 2],
          ],
        }),
        rule(`${metric}.year_ago`, label, {
          group: /손익계산서/,
          position: [
            [3, 4],
            [1, 2],
          ],
        }),
      ]),
    ],
  },
  {
    id: "ir_event",
    title: /기업설명회/,
    eventTypes: ["IR_EVENT"],
    keyRoles: ["ir.start", "ir.audience"],
    rules: [
      { role: "ir.start", column: /^시작일$/ },
      { role: "ir.end", column: /^종료일$/ },
      rule("ir.audience", /^대상자$/),
      rule("ir.method", /^실시방법$/),
      rule("results.period", /^(실시목적|주요내용)$/),
      rule("ir.sponsor", /^후원기관$/),
      rule("ir.confirmed_date", /^개최확정일$/),
      rule("ir.posting_date", /^게재일시$/),
    ],
  },
  {
    id: "completion_report",
    title: /합병등종료보고서/,
    keyRoles: ["transfer.amount", "completion.seller", "completion.date"],
    rules: [
      rule("completion.asset", /^양수도대상자산$/),
      rule("completion.buyer", /^양수인$/),
      rule("completion.seller", /^양도인$/),
      rule("transfer.amount", /^(양수도|합병|분할)?금액$/),
      rule("completion.date", /^(자산양수도|합병|분할)?종료일$/),
      rule("completion.assets_before", /^자산총계$/, { column: /전$/ }),
      rule("completion.assets_after", /^자산총계$/, { column: /후$/ }),
    ],
  },
  {
    id: "debt_guarantee",
    title: /채무보증결정/,
    eventTypes: ["DEBT_GUARANTEE"],
    keyRoles: ["guarantee.amount", "guarantee.debtor", "guarantee.creditor", "guarantee.equity_ratio"],
    rules: [
      rule("guarantee.debtor", /^채무자$/),
      rule("guarantee.relation", /^회사와의관계/, { group: /채무자/ }),
      rule("guarantee.creditor", /^채권자$/),
      rule("guarantee.debt_amount", /^채무\(차입\)금액/),
      rule("guarantee.amount", /^채무보증금액/),
      rule("equity", /^자기자본(\(원\))?$/),
      rule("guarantee.equity_ratio", /^자기자본대비/),
      rule("guarantee.total", /^채무보증총잔액/),
      rule("guarantee.start", /^시작일/, { group: /채무보증기간|채무보증내역/ }),
      rule("guarantee.end", /^종료일/, { group: /채무보증기간|채무보증내역/ }),
    ],
  },
  {
    id: "share_disposal",
    title: /타법인주식및출자증권(양도|처분)결정/,
    keyRoles: ["transfer.target", "transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: SHARE_TRANSFER_RULES,
  },
  {
    id: "share_acquisition",
    title: /타법인주식및출자증권취득결정/,
    eventTypes: ["ACQUISITION"],
    keyRoles: ["transfer.target", "transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: SHARE_TRANSFER_RULES,
  },
  {
    id: "business_acquisition",
    title: /영업양수결정/,
    eventTypes: ["BUSINESS_TRANSFER"],
    keyRoles: ["transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: ASSET_TRANSFER_RULES,
  },
  {
    id: "business_disposal",
    title: /영업양도결정/,
    keyRoles: ["transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: ASSET_TRANSFER_RULES,
  },
  {
    id: "asset_acquisition",
    title: /(유형)?자산양수결정/,
    eventTypes: ["ASSET_ACQUISITION"],
    keyRoles: ["transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: ASSET_TRANSFER_RULES,
  },
  {
    id: "asset_disposal",
    title: /(유형)?자산양도결정/,
    eventTypes: ["ASSET_DISPOSAL"],
    keyRoles: ["transfer.amount", "transfer.counterparty", "transfer.date"],
    rules: ASSET_TRANSFER_RULES,
  },
  {
    id: "litigation",
    title: /소송등의제기|소송등의판결|소송등의제기ㆍ신청/,
    eventTypes: ["LITIGATION"],
    keyRoles: ["litigation.plaintiff", "litigation.kind", "litigation.claim", "litigation.filed_date"],
    rules: [
      rule("litigation.kind", /^사건의명칭/),
      rule("litigation.plaintiff", /^원고[ㆍ·]?신청인/),
      rule("litigation.claim", /^청구금액|^소송가액/),
      rule("litigation.court", /^관할법원/),
      rule("litigation.filed_date", /^제기일자|^신청일자/),
      rule("litigation.confirmed_date", /^확인일자/),
      rule("equity", /^자기자본(\(원\))?$/),
      rule("guarantee.equity_ratio", /^자기자본대비/),
    ],
  },
  // A listing and a delisting share the event type: each is read only by its own title, never
  // one as the other.
  {
    id: "overseas_listing",
    title: /해외증권시장주권등상장(?!폐지)/,
    keyRoles: ["listing.exchange", "listing.date"],
    rules: [
      rule("listing.exchange", /^상장거래소|^소재국가$/),
      rule("listing.shares", /^보통주식/, { group: /^상장(예정)?주식/ }),
      rule("listing.other_shares", /^기타주식/, { group: /^상장(예정)?주식/ }),
      rule("listing.dr_shares", /^DR상장/),
      rule("listing.date", /^상장(예정)?일자/),
    ],
  },
  {
    id: "overseas_delisting",
    title: /해외증권시장주권등상장폐지/,
    keyRoles: ["delisting.exchange", "delisting.date"],
    rules: [
      rule("delisting.exchange", /^상장거래소|^소재국가$/),
      rule("delisting.application_date", /^폐지신청예정일자/),
      rule("delisting.date", /^폐지\(예정\)일자/),
    ],
  },
  {
    id: "dividend",
    title: /현금[ㆍ·]?현물배당결정|배당결정/,
    eventTypes: ["DIVIDEND_DECISION"],
    keyRoles: ["dividend.per_share", "dividend.record_date", "dividend.payment_date"],
    required: ["dividend.per_share"],
    rules: [
      rule("dividend.kind", /^배당구분/),
      rule("dividend.form", /^배당종류/),
      rule("dividend.per_share", /^보통주식/, { group: /1주당배당금/ }),
      rule("dividend.per_share_preferred", /^종류주식/, { group: /1주당배당금/ }),
      rule("dividend.yield", /^보통주식/, { group: /시가배당(율|률)/ }),
      rule("dividend.total", /^배당금총액/),
      rule("dividend.record_date", /^배당기준일/),
      rule("dividend.payment_date", /^배당금지급(예정일자|예정일)/),
      rule("meeting_date", /^주주총회예정일자/),
    ],
  },
  {
    id: "largest_shareholder_change",
    title: /최대주주변경/,
    eventTypes: ["CONTROL_CHANGE"],
    keyRoles: ["control.after_holder", "control.after_percent", "control.date"],
    rules: [
      rule("control.before_holder", /^최대주주(등)?$/, { group: /^변경전/ }),
      rule("control.before_shares", /^소유주식수/, { group: /^변경전/ }),
      rule("control.before_percent", /^소유비율/, { group: /^변경전/ }),
      rule("control.after_holder", /^최대주주(등)?$/, { group: /^변경후/ }),
      rule("control.after_shares", /^소유주식수/, { group: /^변경후/ }),
      rule("control.after_percent", /^소유비율/, { group: /^변경후/ }),
      rule("control.date", /^변경일자/),
    ],
  },
  {
    id: "technology_licensing",
    title: /라이선스|라이센스|기술이전|기술수출/,
    eventTypes: ["TECHNOLOGY_LICENSING"],
    keyRoles: ["contract.counterparty", "licence.upfront", "licence.total", "licence.milestone"],
    rules: [
      rule("contract.counterparty", /^(계약상대방?|거래상대방?)$/),
      rule("licence.upfront", /^(반환의무없는)?계약금$|^선급금$/),
      rule("licence.total", /^총계약금액$/),
      ...MATERIAL_PROSE_RULES,
    ],
  },
  {
    id: "material_event",
    title: /투자판단관련주요경영사항|기타경영사항/,
    eventTypes: ["MATERIAL_EVENT", "CLINICAL_TRIAL"],
    keyRoles: [
      "contract.amount",
      "contract.counterparty",
      "transfer.amount",
      "trial.phase",
      "trial.subjects",
      "contribution.amount",
      "licence.upfront",
      "licence.milestone",
      "investment.amount",
      "approval.date",
      "approval.application_date",
    ],
    rules: [
      rule("contract.amount", /^(계약금액|거래금액)$/),
      ...CONTRACT_TERMS,
      rule("transfer.amount", /^(취득|처분|양수|양도)금액$/),
      rule("transfer.date", /^(취득|처분|양수|양도)예정일$/),
      rule("transfer.counterparty", /^거래상대$/),
      rule("trial.phase", /^임상시험단계$/),
      rule("trial.subjects", /^대상자수$/),
      rule("trial.application_date", /^신청일$/),
      rule("trial.approval_date", /^승인일$/),
      rule("trial.regulator", /^임상승인기관$/),
      rule("licence.upfront", /^(반환의무없는)?계약금$|^선급금$/),
      rule("licence.total", /^총계약금액$/),
      rule("contribution.amount", /^출연금액$/),
      ...MATERIAL_PROSE_RULES,
    ],
  },
];

/** The dictionary of a filing type no form above describes: the labels every form uses the same way. */
const GENERAL_FORM: Form = {
  id: "general",
  keyRoles: ["contract.amount", "investment.amount", "transfer.amount", "contract.counterparty"],
  rules: [
    rule("contract.amount", /^(확정)?계약금액/),
    rule("investment.amount", /^투자금액/),
    rule("transfer.amount", /^(양수|양도|취득|처분)금액/),
    ...CONTRACT_TERMS,
  ],
};

/** The form of a filing: by its title, else by its event type, else the general dictionary. */
export function formOf(reportNm: string, eventType: string): Form {
  const title = reportNm.replace(/\s+/g, "");
  return (
    FORMS.find((form) => form.title?.test(title)) ??
    FORMS.find((form) => form.eventTypes?.includes(eventType)) ??
    GENERAL_FORM
  );
}

export { COMMON as COMMON_RULES };

/**
 * Forms the service reads no facts from and does not sell, each for a stated reason: not a
 * company's event told in figures (an offering document's full text, structured notes issued
 * under a shelf, an auditor's report), or an event whose figures are sold through another form.
 * Availability names the form's reason (form_not_sold) before anyone pays.
 */
export const NOT_SOLD_FORMS: readonly { title: RegExp; why: string }[] = [
  {
    title: /^투자설명서|^증권신고서|^일괄신고서|정정신고서\(보고\)$/,
    why: "an offering document: its terms are sold through the decision it implements",
  },
  {
    title: /^일괄신고추가서류|파생결합(증권|사채)|^효력발생안내/,
    why: "structured notes issued under a shelf registration, not a company event",
  },
  { title: /^(연결)?감사보고서|^감사전재무제표/, why: "an auditor's report: its figures are the periodic report's" },
  {
    title: /^증권발행실적보고서|^증권발행결과|^유상증자또는주식관련사채등의(청약|발행)결과/,
    why: "the result of an offering already sold through its decision",
  },
  {
    title: /^자산유동화|^계열금융회사를거래상대방으로한|^동일인등출자계열회사와의|^특수관계인과의(보험|내부)거래/,
    why: "a routine related-party or securitisation report without a single event to tell",
  },
  {
    title: /^주주총회소집|^임시주주총회결과|^정기주주총회결과/,
    why: "a meeting or board notice: its agenda has no figures to sell",
  },
];

/** The reason a form is not sold, or null for a form the service reads. */
export function notSoldFormOf(reportNm: string): string | null {
  const title = reportNm.replace(/\s+/g, "").replace(/^(\[[^\]]*\])+/, "");
  return NOT_SOLD_FORMS.find((form) => form.title.test(title))?.why ?? null;
}
