import type { EventType } from "./event-types";

export interface KeywordRule {
  readonly pattern: RegExp;
  readonly eventType: EventType;
}

/**
 * The safety net for titles whose form is not in FORM_RULES (a new KRX form, a variant
 * spelling). Tested against the title's skeleton: the matching key with the prefixes and all
 * parenthesised groups removed. Such titles get the event type's English label.
 *
 * First match wins, so narrower phrases come before the broader ones they contain
 * (a delisting decision before delisting risk, a record date for a dividend before dividends,
 * related-party borrowing before borrowing). The test suite checks these rules against the
 * form table, so a reordering that breaks a known form shows up there.
 */
export const KEYWORD_RULES: readonly KeywordRule[] = [
  // Exchange actions and distress. An overseas listing's delisting is not a KRX delisting.
  { pattern: /해외증권시장/, eventType: "OVERSEAS_LISTING" },
  { pattern: /상장폐지결정|정리매매/, eventType: "DELISTING" },
  { pattern: /상장폐지|관리종목|상장적격성/, eventType: "DELISTING_RISK" },
  { pattern: /매매거래정지해제|거래재개/, eventType: "TRADING_RESUMPTION" },
  { pattern: /매매거래정지/, eventType: "TRADING_SUSPENSION" },
  { pattern: /투자(주의|경고|위험|유의)|단기과열|공매도과열/, eventType: "MARKET_WARNING" },
  // Ex-dates and liquidity providers, before dividends and supply contracts.
  { pattern: /권리락|배당락|유동성공급/, eventType: "MARKET_NOTICE" },
  { pattern: /정정명령|정정.*제출요구/, eventType: "AMENDMENT" },
  { pattern: /불성실공시/, eventType: "UNFAITHFUL_DISCLOSURE" },
  { pattern: /조회공시.*답변|해명/, eventType: "RUMOR_CLARIFICATION" },
  { pattern: /조회공시/, eventType: "EXCHANGE_INQUIRY" },
  { pattern: /횡령|배임/, eventType: "EMBEZZLEMENT_ALLEGATION" },
  { pattern: /사채원리금/, eventType: "BOND_DEFAULT" },
  { pattern: /부도|은행거래정지|채무불이행/, eventType: "DEBT_DEFAULT" },
  { pattern: /회생|파산|관리절차/, eventType: "BANKRUPTCY" },
  { pattern: /해산/, eventType: "DISSOLUTION" },
  { pattern: /영업정지|생산중단/, eventType: "BUSINESS_SUSPENSION" },
  // Results.
  { pattern: /매출액또는손익구조/, eventType: "REVENUE_PROFIT_CHANGE" },
  { pattern: /실적공시예고/, eventType: "EARNINGS_PREVIEW" },
  { pattern: /실적.*전망|전망/, eventType: "EARNINGS_GUIDANCE" },
  { pattern: /잠정실적|영업실적/, eventType: "PRELIMINARY_RESULTS" },
  // Related parties come before borrowing, lending and share deals they would otherwise match.
  { pattern: /특수관계인|계열회사와의|내부거래/, eventType: "RELATED_PARTY_TRANSACTION" },
  { pattern: /기업집단|계열금융회사/, eventType: "CONGLOMERATE_DISCLOSURE" },
  // Hybrid bonds.
  { pattern: /전환가액|행사가액|교환가액/, eventType: "CONVERSION_PRICE_ADJUSTMENT" },
  { pattern: /사채매수선택권/, eventType: "CONVERTIBLE_BOND_CALL_OPTION" },
  { pattern: /청구권행사|신주인수권행사/, eventType: "CONVERTIBLE_BOND_CONVERSION" },
  { pattern: /사채.*(매도|재매각)/, eventType: "CONVERTIBLE_BOND_RESALE" },
  { pattern: /만기전.*취득|사채.*소각/, eventType: "BOND_REDEMPTION" },
  { pattern: /전환사채.*발행/, eventType: "CONVERTIBLE_BOND_ISSUANCE" },
  { pattern: /신주인수권부사채.*발행/, eventType: "WARRANT_BOND_ISSUANCE" },
  { pattern: /교환사채.*발행/, eventType: "EXCHANGEABLE_BOND_ISSUANCE" },
  { pattern: /조건부자본증권|사채.*발행결정/, eventType: "DEBT_ISSUANCE" },
  { pattern: /차입/, eventType: "BORROWING" },
  // Equity capital and shareholder returns; results of an offering before the offering.
  { pattern: /발행실적|발행결과|청약결과/, eventType: "SECURITIES_ISSUANCE_RESULT" },
  { pattern: /유무상증자|유상증자/, eventType: "RIGHTS_OFFERING" },
  { pattern: /무상증자/, eventType: "BONUS_ISSUANCE" },
  { pattern: /감자/, eventType: "CAPITAL_REDUCTION" },
  { pattern: /주식분할|액면분할/, eventType: "STOCK_SPLIT" },
  { pattern: /주식병합|액면병합/, eventType: "STOCK_CONSOLIDATION" },
  { pattern: /주식.*소각|소각결정/, eventType: "TREASURY_STOCK_CANCELLATION" },
  { pattern: /신탁계약/, eventType: "TREASURY_STOCK_TRUST" },
  { pattern: /자기주식.*처분|자사주.*처분/, eventType: "TREASURY_STOCK_DISPOSAL" },
  { pattern: /자기주식|자사주/, eventType: "TREASURY_STOCK_ACQUISITION" },
  { pattern: /주주명부|기준일/, eventType: "RECORD_DATE_NOTICE" },
  { pattern: /배당|수입분배/, eventType: "DIVIDEND_DECISION" },
  // M&A and control.
  { pattern: /분할합병|회사분할|물적분할|인적분할/, eventType: "SPIN_OFF" },
  { pattern: /합병/, eventType: "MERGER" },
  { pattern: /주식교환|주식이전|포괄적교환/, eventType: "SHARE_EXCHANGE" },
  { pattern: /공개매수|의견표명/, eventType: "PUBLIC_TENDER_OFFER_RESULT" },
  { pattern: /영업양수|영업양도/, eventType: "BUSINESS_TRANSFER" },
  { pattern: /타법인주식.*(처분|양도)/, eventType: "ASSET_DISPOSAL" },
  { pattern: /타법인주식|출자증권|증권취득/, eventType: "ACQUISITION" },
  // Securitisation registrations ("자산양도등의등록신청서") before asset deals.
  { pattern: /유동화|등록신청서/, eventType: "ASSET_BACKED_SECURITIES" },
  { pattern: /(자산|부동산).*(처분|양도)/, eventType: "ASSET_DISPOSAL" },
  { pattern: /(자산|부동산).*(취득|양수)/, eventType: "ASSET_ACQUISITION" },
  { pattern: /최대주주변경을수반하는주식담보/, eventType: "CONTROL_CHANGE_PLEDGE" },
  { pattern: /주식담보/, eventType: "SHARE_PLEDGE" },
  { pattern: /최대주주변경|경영권/, eventType: "CONTROL_CHANGE" },
  { pattern: /최대주주.*(변동|보유)/, eventType: "MAJOR_SHAREHOLDER_TRANSACTION" },
  { pattern: /대량보유|소유상황보고서/, eventType: "MAJOR_SHAREHOLDER_FILING" },
  { pattern: /거래계획/, eventType: "INSIDER_TRADE_PLAN" },
  { pattern: /계열회사|자회사(편입|탈퇴)/, eventType: "AFFILIATE_CHANGE" },
  // Operations.
  { pattern: /공급계약.*해지|거래중단/, eventType: "SUPPLY_CONTRACT_TERMINATED" },
  { pattern: /공급계약|판매계약/, eventType: "SUPPLY_CONTRACT_SIGNED" },
  { pattern: /시설투자/, eventType: "NEW_FACILITY_INVESTMENT" },
  { pattern: /기술이전|기술도입|라이선스/, eventType: "TECHNOLOGY_LICENSING" },
  { pattern: /임상|품목허가/, eventType: "CLINICAL_TRIAL" },
  { pattern: /특허/, eventType: "PATENT" },
  { pattern: /채무보증|담보제공/, eventType: "DEBT_GUARANTEE" },
  { pattern: /소송|판결|가처분/, eventType: "LITIGATION" },
  { pattern: /재해/, eventType: "SERIOUS_ACCIDENT" },
  { pattern: /자산재평가/, eventType: "ASSET_REVALUATION" },
  // Governance.
  { pattern: /대표이사|대표집행임원/, eventType: "CEO_CHANGE" },
  { pattern: /사외이사|독립이사/, eventType: "INDEPENDENT_DIRECTOR_CHANGE" },
  { pattern: /임원/, eventType: "BOARD_CHANGE" },
  { pattern: /주주총회|의결권/, eventType: "SHAREHOLDERS_MEETING" },
  { pattern: /주식매수선택권.*행사/, eventType: "STOCK_OPTION_EXERCISE" },
  { pattern: /주식매수선택권/, eventType: "STOCK_OPTION_GRANT" },
  { pattern: /기업설명회|IR/, eventType: "IR_EVENT" },
  { pattern: /지배구조/, eventType: "CORPORATE_GOVERNANCE_REPORT" },
  { pattern: /지속가능|ESG/, eventType: "SUSTAINABILITY_REPORT" },
  { pattern: /기업가치제고|경영계획/, eventType: "BUSINESS_PLAN" },
  { pattern: /상호변경|본점소재지|결산기변경|목적변경|공시책임자/, eventType: "COMPANY_DETAILS_CHANGE" },
  // Offerings and periodic filings.
  { pattern: /효력발생/, eventType: "SHELF_REGISTRATION_EFFECTIVE" },
  { pattern: /증권신고서|투자설명서|일괄신고|소액공모|철회신고서/, eventType: "PROSPECTUS_FILING" },
  { pattern: /사업보고서|반기보고서|분기보고서/, eventType: "PERIODIC_REPORT" },
  { pattern: /감사보고서|감사의견|감사전재무제표/, eventType: "AUDIT_REPORT" },
  { pattern: /권리락|배당락|추가상장|변경상장|시장안내/, eventType: "MARKET_NOTICE" },
  { pattern: /경영사항/, eventType: "MATERIAL_EVENT" },
];

export function keywordEventType(skeleton: string): EventType | undefined {
  return KEYWORD_RULES.find((rule) => rule.pattern.test(skeleton))?.eventType;
}
