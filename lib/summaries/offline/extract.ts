/**
 * Key figures of the most common structured filings, read from the body by the labels of
 * DART's forms (the field layouts of OpenDART's DS005 major-event APIs and of the exchange's
 * disclosure forms). Each reader returns only what it found: a field the form leaves empty
 * or words differently stays undefined, and the summary leaves it out.
 */
import { amountCell, dateCell, FilingText, textCell, type CellParser } from "./filing-text";
import { parseAmount } from "../figures";

/** A shareholding: shares and percentage of the total. */
export interface Stake {
  shares?: number;
  percent?: number;
}

/** One line of a results table: this period, the comparison periods and the changes. */
export interface ResultLine {
  current?: number;
  priorQuarter?: number;
  quarterChangePercent?: number;
  yearAgo?: number;
  yearChangePercent?: number;
  /** 흑자전환 / 적자전환 / 적자지속, when the form states one instead of a percentage. */
  yearTurn?: string;
}

export type KeyFacts =
  | {
      kind: "supply_contract";
      counterparty?: string;
      counterpartyRelation?: string;
      amount?: number;
      recentRevenue?: number;
      revenuePercent?: number;
      start?: string;
      end?: string;
      contractDate?: string;
    }
  | {
      kind: "rights_offering";
      newShares?: number;
      sharesBefore?: number;
      issuePrice?: number;
      issuePriceConfirmed?: boolean;
      method?: string;
      funding: Funding[];
      recordDate?: string;
      paymentDate?: string;
      listingDate?: string;
    }
  | {
      kind: "dividend";
      dividendKind?: string;
      perShareCommon?: number;
      perSharePreferred?: number;
      yieldCommon?: number;
      total?: number;
      recordDate?: string;
      paymentDate?: string;
    }
  | {
      kind: "convertible_bond";
      series?: number;
      faceValue?: number;
      placement?: string;
      couponPercent?: number;
      maturityYieldPercent?: number;
      maturity?: string;
      conversionPrice?: number;
      sharesOnConversion?: number;
      sharesOnConversionPercent?: number;
      conversionStart?: string;
      conversionEnd?: string;
      refixFloor?: number;
      paymentDate?: string;
      funding: Funding[];
    }
  | {
      kind: "conversion_price_adjustment";
      series?: number;
      priceBefore?: number;
      priceAfter?: number;
      /** Face value of the bonds not yet converted. */
      outstanding?: number;
      sharesBefore?: number;
      sharesAfter?: number;
      reason?: string;
      effectiveDate?: string;
    }
  | {
      kind: "preliminary_results";
      periodStart?: string;
      periodEnd?: string;
      revenue?: ResultLine;
      operatingProfit?: ResultLine;
      netIncome?: ResultLine;
    }
  | {
      kind: "treasury_acquisition" | "treasury_disposal" | "treasury_trust";
      shares?: number;
      amount?: number;
      pricePerShare?: number;
      start?: string;
      end?: string;
      purpose?: string;
      method?: string;
      broker?: string;
    }
  | {
      kind: "largest_shareholder_change";
      before: Stake & { holder?: string };
      after: Stake & { holder?: string };
      reason?: string;
      changeDate?: string;
    }
  | {
      kind: "holding_report";
      reporter?: string;
      reporterEnglish?: string;
      relation?: string;
      before: Stake;
      after: Stake;
      reason?: string;
      obligationDate?: string;
      /** Shares under major contracts (pledges, loans) in this report, and their kind. */
      contractShares?: number;
      contractPercent?: number;
      contractKind?: "pledge" | "other";
      loans: { amount: number; rate?: number }[];
      /** From the form: (일반) is filed to influence management, (약식) for investment only. */
      purpose?: "management" | "investment";
    }
  | {
      kind: "debt_guarantee";
      debtor?: string;
      debtorRelation?: string;
      creditor?: string;
      debtAmount?: number;
      guaranteeAmount?: number;
      equity?: number;
      equityPercent?: number;
      totalOutstanding?: number;
      start?: string;
      end?: string;
      decisionDate?: string;
    };

export interface Funding {
  /** The form's Korean label (시설자금, 운영자금, ...). */
  purpose: string;
  amount: number;
}

const optional = <T>(value: T | null): T | undefined => value ?? undefined;
const FUNDING_LABELS = ["시설자금", "영업양수자금", "운영자금", "채무상환자금", "타법인증권취득자금", "기타자금"];

/** `자금조달의 목적`: the amount raised for each purpose the form lists. */
function funding(text: FilingText): Funding[] {
  const out: Funding[] = [];
  for (const purpose of FUNDING_LABELS) {
    const amount = text.field(new RegExp(`^${purpose}`), amountCell, /^자금조달의목적/);
    if (amount) out.push({ purpose, amount });
  }
  return out;
}

const field = <T>(text: FilingText, label: RegExp, parse: CellParser<T>, after?: RegExp) =>
  optional(text.field(label, parse, after));

function supplyContract(text: FilingText): KeyFacts {
  return {
    kind: "supply_contract",
    counterparty: field(text, /^계약상대(방)?$/, textCell),
    counterpartyRelation: field(text, /^회사와의관계/, textCell, /^계약상대(방)?$/),
    amount: field(text, /^(확정)?계약금액/, amountCell),
    recentRevenue: field(text, /^최근매출액/, amountCell),
    revenuePercent: field(text, /^매출액대비/, amountCell),
    start: field(text, /^시작일/, dateCell, /^계약기간/),
    end: field(text, /^종료일/, dateCell, /^계약기간/),
    contractDate: field(text, /^계약(\(수주\))?일자/, dateCell),
  };
}

function rightsOffering(text: FilingText): KeyFacts {
  const confirmedPrice = text.field(/^확정발행가/, amountCell);
  return {
    kind: "rights_offering",
    newShares: field(text, /^보통주식/, amountCell, /^신주의종류와수/),
    sharesBefore: field(text, /^보통주식/, amountCell, /^증자전발행주식총수/),
    issuePrice: optional(confirmedPrice ?? text.field(/^예정발행가/, amountCell)),
    issuePriceConfirmed: confirmedPrice !== null,
    method: field(text, /^증자방식/, textCell),
    funding: funding(text),
    recordDate: field(text, /^신주배정기준일/, dateCell),
    paymentDate: field(text, /^납입일/, dateCell),
    listingDate: field(text, /^신주의상장예정일/, dateCell),
  };
}

function dividend(text: FilingText): KeyFacts {
  return {
    kind: "dividend",
    dividendKind: field(text, /^배당구분/, textCell),
    perShareCommon: field(text, /^보통주식/, amountCell, /^1주당배당금/),
    perSharePreferred: field(text, /^종류주식/, amountCell, /^1주당배당금/),
    yieldCommon: field(text, /^보통주식/, amountCell, /^시가배당(율|률)/),
    total: field(text, /^배당금총액/, amountCell),
    recordDate: field(text, /^배당기준일/, dateCell),
    paymentDate: field(text, /^배당금지급예정일/, dateCell),
  };
}

function convertibleBond(text: FilingText): KeyFacts {
  const conversionShares = /^전환에따라발행할주식/;
  return {
    kind: "convertible_bond",
    series: field(text, /^회차/, amountCell, /^사채의종류/),
    faceValue: field(text, /^사채의권면(\(전자등록\))?총액/, amountCell),
    placement: field(text, /^사채발행방법/, textCell),
    couponPercent: field(text, /^표면이자율/, amountCell),
    maturityYieldPercent: field(text, /^만기이자율/, amountCell),
    maturity: field(text, /^사채만기일/, dateCell),
    conversionPrice: field(text, /^전환가액\(원/, amountCell),
    sharesOnConversion: field(text, /^주식수/, amountCell, conversionShares),
    sharesOnConversionPercent: field(text, /^주식총수대비비율/, amountCell, conversionShares),
    conversionStart: field(text, /^시작일/, dateCell, /^전환청구기간/),
    conversionEnd: field(text, /^종료일/, dateCell, /^전환청구기간/),
    refixFloor: field(text, /^최저조정가액/, amountCell),
    paymentDate: field(text, /^납입일/, dateCell),
    funding: funding(text),
  };
}

function conversionPriceAdjustment(text: FilingText): KeyFacts {
  return {
    kind: "conversion_price_adjustment",
    series: optional(text.column(/^회차$/, amountCell)),
    priceBefore: optional(text.column(/^조정전전환가액/, amountCell)),
    priceAfter: optional(text.column(/^조정후전환가액/, amountCell)),
    sharesBefore: optional(text.column(/^조정전전환가능주식수/, amountCell)),
    sharesAfter: optional(text.column(/^조정후전환가능주식수/, amountCell)),
    // The value row carries an extra currency cell (`KRW : South-Korean Won`): the amount is its first large figure.
    outstanding: text.rows[
      text.rows.findIndex((r) => r.some((c) => /^미전환사채의권면/.test(c.replace(/\s+/g, "")))) + 1
    ]
      ?.map(amountCell)
      .find((v): v is number => v !== null && v >= 1e6),
    reason: field(text, /^조정사유/, textCell),
    effectiveDate: field(text, /^조정가액적용일/, dateCell),
  };
}

/**
 * A line of the 영업(잠정)실적 table: `매출액: 당해실적 | current | prior quarter | QoQ % |
 * [turn] | year ago | YoY % | [turn]` (the turn columns appear in the newer form only).
 */
function resultLine(text: FilingText, metric: RegExp, scale: number): ResultLine | undefined {
  const row = text.rows.find((cells) => metric.test(cells[0].replace(/\s+/g, "")) && cells[1]?.includes("당해실적"));
  if (!row) return undefined;
  const cells = row.slice(2);
  const hasTurnColumns = cells.length >= 7;
  const at = (i: number, cellScale = 1) => optional(i < cells.length ? parseAmount(cells[i], cellScale) : null);
  const yearTurn = hasTurnColumns ? cells[6] : undefined;
  return {
    current: at(0, scale),
    priorQuarter: at(1, scale),
    quarterChangePercent: at(2),
    yearAgo: at(hasTurnColumns ? 4 : 3, scale),
    yearChangePercent: at(hasTurnColumns ? 5 : 4),
    yearTurn: yearTurn && /전환|지속/.test(yearTurn) ? yearTurn : undefined,
  };
}

function preliminaryResults(text: FilingText): KeyFacts {
  const scale = text.unitScale();
  const period = text
    .cellsAfter(/^당기실적$/)
    .map(dateCell)
    .filter((d): d is string => d !== null);
  return {
    kind: "preliminary_results",
    periodStart: period.length >= 2 ? period[0] : undefined,
    periodEnd: period.length >= 2 ? period[period.length - 1] : undefined,
    revenue: resultLine(text, /^매출액/, scale),
    operatingProfit: resultLine(text, /^영업이익/, scale),
    netIncome: resultLine(text, /^당기순이익/, scale),
  };
}

/** 처분방법 lists shares per channel (market, block sale, off-market, other): the channel used. */
function disposalMethod(text: FilingText): string | undefined {
  const channels = [/^시장을통한매도/, /^시간외대량매매/, /^장외처분/];
  const used = channels.find((channel) => (text.field(channel, amountCell, /^처분방법/) ?? 0) > 0);
  if (used) return used.source.slice(1);
  // "Other" with a free contribution (무상출연, e.g. to the employee stock ownership
  // association): no money is received, and the price shown is a reference price.
  const other = text.field(/^기타/, amountCell, /^처분방법/) ?? 0;
  if (other > 0 && text.rows.some((r) => r.some((c) => /무상\s*출연/.test(c)))) return "무상출연";
  return other > 0 ? "기타" : undefined;
}

function treasuryStock(text: FilingText, eventType: string): KeyFacts {
  if (eventType === "TREASURY_STOCK_TRUST") {
    return {
      kind: "treasury_trust",
      amount: field(text, /^계약금액/, amountCell),
      start: field(text, /^시작일/, dateCell, /^계약기간/),
      end: field(text, /^종료일/, dateCell, /^계약기간/),
      purpose: field(text, /^계약목적/, textCell),
      broker: field(text, /^계약체결기관/, textCell),
    };
  }
  const verb = eventType === "TREASURY_STOCK_DISPOSAL" ? "처분" : "취득";
  return {
    kind: verb === "처분" ? "treasury_disposal" : "treasury_acquisition",
    shares: field(text, /^보통주식/, amountCell, new RegExp(`^${verb}예정주식`)),
    amount: field(text, /^보통주식/, amountCell, new RegExp(`^${verb}예정금액`)),
    pricePerShare: field(text, /^보통주식/, amountCell, /^처분대상주식가격/),
    start: field(text, /^시작일/, dateCell, new RegExp(`^${verb}(예상|예정)기간`)),
    end: field(text, /^종료일/, dateCell, new RegExp(`^${verb}(예상|예정)기간`)),
    purpose: field(text, new RegExp(`^${verb}목적`), textCell),
    method: verb === "처분" ? disposalMethod(text) : field(text, /^취득방법/, textCell),
    broker: field(text, /^위탁투자중개업자/, textCell),
  };
}

function stakeAfter(text: FilingText, anchor: RegExp): Stake & { holder?: string } {
  return {
    holder: field(text, /^최대주주(등)?$/, textCell, anchor),
    shares: field(text, /^소유주식수/, amountCell, anchor),
    percent: field(text, /^소유비율/, amountCell, anchor),
  };
}

function largestShareholderChange(text: FilingText): KeyFacts {
  return {
    kind: "largest_shareholder_change",
    before: stakeAfter(text, /^변경전$/),
    after: stakeAfter(text, /^변경후$/),
    reason: field(text, /^변경사유/, textCell),
    changeDate: field(text, /^변경일자/, dateCell),
  };
}

/** `직전 보고서: 6,052,211 | 6.71` under the summary block of a 5% report. */
function reportedStake(text: FilingText, report: RegExp): Stake {
  const [shares, percent] = text
    .cellsAfter(report, /^보유주식등의수및보유비율$/)
    .map(amountCell)
    .filter((v): v is number => v !== null);
  return { shares, percent };
}

function holdingReport(text: FilingText, reportNm: string): KeyFacts {
  const reporterEnglish = text.field(/^한자\(영문\)$/, textCell);
  return {
    kind: "holding_report",
    reporter: field(text, /^보고자$/, textCell),
    reporterEnglish:
      reporterEnglish && !/\p{Script=Hangul}|\p{Script=Han}/u.test(reporterEnglish) ? reporterEnglish : undefined,
    relation: field(text, /^발행회사와의관계$/, textCell),
    before: reportedStake(text, /^직전보고서$/),
    after: reportedStake(text, /^이번보고서$/),
    reason: field(text, /^보고사유$/, textCell),
    obligationDate: field(text, /^보고의무발생일$/, dateCell),
    purpose: reportNm.includes("(일반)") ? "management" : reportNm.includes("(약식)") ? "investment" : undefined,
    ...contracts(text),
  };
}

/** Shares under major contracts (`주요계약체결 주식등의 수 및 비율`), and the loans a pledge secures. */
function contracts(
  text: FilingText,
): Pick<
  Extract<KeyFacts, { kind: "holding_report" }>,
  "contractShares" | "contractPercent" | "contractKind" | "loans"
> {
  const [shares, percent] = text
    .cellsAfter(/^이번보고서$/, /^주요계약체결주식등의수및비율$/)
    .map(amountCell)
    .filter((v): v is number => v !== null);
  const pledged = text.rows.some(
    (r) => /^\d+$/.test(r[0]) && r.some((c) => /담보/.test(c)) && r.some((c) => /금전대여|담보/.test(c)),
  );
  // `1-1: 2,250,000 | 680,000,000 | 채무자 | 12 | 170 | -` under the pledge details.
  const loans = text.rows
    .filter((r) => /^\d+-\d+$/.test(r[0]) && r.length >= 5)
    .map((r) => ({ amount: amountCell(r[2]), rate: amountCell(r[4]) ?? undefined }))
    .filter((l): l is { amount: number; rate: number | undefined } => l.amount !== null && l.amount > 0);
  return {
    contractShares: shares || undefined,
    contractPercent: shares ? percent : undefined,
    contractKind: shares ? (pledged ? "pledge" : "other") : undefined,
    loans: shares ? loans : [],
  };
}

function debtGuarantee(text: FilingText): KeyFacts {
  return {
    kind: "debt_guarantee",
    debtor: field(text, /^채무자$/, textCell),
    debtorRelation: field(text, /^회사와의관계/, textCell, /^채무자$/),
    creditor: field(text, /^채권자$/, textCell),
    debtAmount: field(text, /^채무\(차입\)금액/, amountCell),
    guaranteeAmount: field(text, /^채무보증금액/, amountCell),
    equity: field(text, /^자기자본\(원\)/, amountCell),
    equityPercent: field(text, /^자기자본대비/, amountCell),
    totalOutstanding: field(text, /^채무보증총잔액/, amountCell),
    start: field(text, /^시작일/, dateCell, /^채무보증기간/),
    end: field(text, /^종료일/, dateCell, /^채무보증기간/),
    decisionDate: field(text, /^이사회결의일/, dateCell),
  };
}

type Reader = (text: FilingText, filing: { eventType: string; reportNm: string }) => KeyFacts | null;

const READERS: Readonly<Record<string, Reader>> = {
  SUPPLY_CONTRACT_SIGNED: supplyContract,
  RIGHTS_OFFERING: rightsOffering,
  DIVIDEND_DECISION: dividend,
  CONVERTIBLE_BOND_ISSUANCE: convertibleBond,
  CONVERSION_PRICE_ADJUSTMENT: conversionPriceAdjustment,
  PRELIMINARY_RESULTS: preliminaryResults,
  TREASURY_STOCK_ACQUISITION: (text, f) => treasuryStock(text, f.eventType),
  TREASURY_STOCK_DISPOSAL: (text, f) => treasuryStock(text, f.eventType),
  TREASURY_STOCK_TRUST: (text, f) => treasuryStock(text, f.eventType),
  CONTROL_CHANGE: largestShareholderChange,
  // Executives' ownership reports share the event type but not the 5% report's form.
  MAJOR_SHAREHOLDER_FILING: (text, f) => (f.reportNm.includes("대량보유") ? holdingReport(text, f.reportNm) : null),
  DEBT_GUARANTEE: debtGuarantee,
};

/** True when a value carries information (not undefined, not an empty list or stake). */
function isPresent(value: unknown): boolean {
  if (value === undefined || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object" && value !== null) return Object.values(value).some(isPresent);
  return true;
}

/** The key figures of a filing body, or null when its type has no reader or none were found. */
export function extractKeyFacts(filing: { eventType: string; reportNm: string; body: string }): KeyFacts | null {
  const read = READERS[filing.eventType];
  const facts = read?.(new FilingText(filing.body), filing);
  if (!facts) return null;
  return Object.entries(facts).some(([key, value]) => key !== "kind" && isPresent(value)) ? facts : null;
}
