/**
 * English sentences from extracted key figures. Each sentence is built only from the fields
 * that were found, and every figure is written by ../figures.ts, in a form the validator
 * traces back to the body.
 */
import { formatCount, formatDate, formatKrw, formatPercent } from "../figures";
import { readableName } from "../names";
import type { Funding, KeyFacts, ResultLine, Stake } from "./extract";
import {
  BOND_PLACEMENTS,
  CONTROL_CHANGE_REASONS,
  DIVIDEND_KINDS,
  FUNDING_PURPOSES,
  HOLDING_REASONS,
  OFFERING_METHODS,
  PRICE_ADJUSTMENT_REASONS,
  RELATIONSHIPS,
  translate,
  TREASURY_METHODS,
  TREASURY_PURPOSES,
} from "./phrases";

/** "A, B and C". */
export function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function sentence(...parts: (string | false | undefined | null)[]): string {
  return `${parts.filter(Boolean).join("")}.`;
}

function period(start?: string, end?: string): string | null {
  if (start && start === end) return `on ${formatDate(start)}`;
  if (start && end) return `from ${formatDate(start)} to ${formatDate(end)}`;
  if (start) return `from ${formatDate(start)}`;
  if (end) return `until ${formatDate(end)}`;
  return null;
}

function fundingSentence(funding: Funding[]): string | null {
  const uses = funding.map((f) => {
    const purpose = translate(f.purpose, FUNDING_PURPOSES);
    return purpose ? `${purpose} (${formatKrw(f.amount)})` : null;
  });
  const named = uses.filter((u): u is string => u !== null);
  return named.length > 0 ? `The proceeds are earmarked for ${list(named)}.` : null;
}

/** "up 28.11%" / "down 3.2%". */
function change(percent: number): string {
  return `${percent < 0 ? "down" : "up"} ${formatPercent(Math.abs(percent))}`;
}

const YEAR_TURNS: readonly (readonly [string, string])[] = [
  ["흑자전환", "turning to a profit from a loss a year earlier"],
  ["적자전환", "turning to a loss from a profit a year earlier"],
  ["적자지속", "remaining in loss as a year earlier"],
];

/**
 * How a result moved against a comparison period, read from the signs of the two figures:
 * a printed "-39.7%" beside an operating loss can mean the loss widened, so a change rate is
 * stated only when both figures are profits (or both revenue).
 */
function movement(
  current: number,
  base: number | undefined,
  percent: number | undefined,
  period: string,
): string | null {
  if (base === undefined) return percent === undefined || current < 0 ? null : `${change(percent)} ${period}`;
  if (current < 0 && base < 0) {
    return `${Math.abs(current) > Math.abs(base) ? "widening" : "narrowing"} from a loss of ${formatKrw(Math.abs(base))} ${period}`;
  }
  if (current < 0) return `turning to a loss from a profit of ${formatKrw(base)} ${period}`;
  if (base < 0) return `turning to a profit from a loss of ${formatKrw(Math.abs(base))} ${period}`;
  return percent === undefined
    ? `against ${formatKrw(base)} ${period}`
    : `${change(percent)} from ${formatKrw(base)} ${period}`;
}

export function resultSentence(
  metric: string,
  lossName: string,
  line: ResultLine | undefined,
  restate = true,
): string | null {
  if (line?.current === undefined) return null;
  const comparisons: string[] = [];
  // Two losses in a row: say whether the loss widened or narrowed, which 적자지속 does not.
  const turn =
    line.yearAgo !== undefined && line.yearAgo < 0 && line.current < 0
      ? null
      : translate(line.yearTurn ?? null, YEAR_TURNS);
  const year = turn ?? movement(line.current, line.yearAgo, line.yearChangePercent, "a year earlier");
  if (year) comparisons.push(year);
  const quarter = movement(line.current, line.priorQuarter, line.quarterChangePercent, "on the previous quarter");
  if (quarter)
    comparisons.push(quarter.replace(/ from KRW [\d.,]+ \w+ on the previous quarter$/, " on the previous quarter"));
  if (!restate)
    return comparisons.length > 0 ? sentence(`${line.current < 0 ? lossName : metric} was ${list(comparisons)}`) : null;
  return sentence(
    `${line.current < 0 ? lossName : metric} was ${formatKrw(Math.abs(line.current))}`,
    comparisons.length > 0 && `, ${list(comparisons)}`,
  );
}

/** "6,052,211 shares (6.71%)". */
function stake(s: Stake): string | null {
  if (s.shares === undefined) return s.percent === undefined ? null : formatPercent(s.percent);
  return `${formatCount(s.shares)} shares${s.percent === undefined ? "" : ` (${formatPercent(s.percent)})`}`;
}

/** `김철수 외 2인` → `Gimcheolsu ("김철수") and 2 related parties`. */
function holderName(holder: string): string {
  const group = /^(.*?)\s*외\s*(\d+)\s*인?$/.exec(holder);
  if (!group) return readableName(holder);
  return `${readableName(group[1])} and ${group[2]} related ${group[2] === "1" ? "party" : "parties"}`;
}

function relation(value: string | undefined): string | null {
  return translate(value ?? null, RELATIONSHIPS);
}

/** Sentences stating the key figures, most important first. */
export function describeKeyFacts(facts: KeyFacts): string[] {
  switch (facts.kind) {
    case "supply_contract": {
      const rel = relation(facts.counterpartyRelation);
      return [
        sentence(
          "The company signed a single sales or supply contract",
          facts.amount !== undefined && ` worth ${formatKrw(facts.amount)}`,
          facts.counterparty && ` with ${readableName(facts.counterparty)}`,
          rel && ` (${rel} of the company)`,
          facts.revenuePercent !== undefined &&
            `, equal to ${formatPercent(facts.revenuePercent)} of its recent annual revenue`,
          facts.recentRevenue !== undefined && ` of ${formatKrw(facts.recentRevenue)}`,
        ),
        ...(facts.start || facts.end ? [sentence("The contract runs ", period(facts.start, facts.end))] : []),
        ...(facts.contractDate ? [sentence("It was concluded on ", formatDate(facts.contractDate))] : []),
      ];
    }
    case "rights_offering": {
      const method = translate(facts.method ?? null, OFFERING_METHODS);
      const dates = [
        facts.recordDate && `the record date for allotment is ${formatDate(facts.recordDate)}`,
        facts.paymentDate && `payment is due on ${formatDate(facts.paymentDate)}`,
        facts.listingDate && `the new shares are expected to list on ${formatDate(facts.listingDate)}`,
      ].filter((d): d is string => Boolean(d));
      return [
        sentence(
          "The company decided on a paid-in capital increase",
          facts.newShares !== undefined && ` of ${formatCount(facts.newShares)} new common shares`,
          method && ` through ${method}`,
          facts.issuePrice !== undefined &&
            `${method ? "," : ""} at ${facts.issuePriceConfirmed ? "a confirmed" : "a provisional"} issue price of ${formatKrw(facts.issuePrice)} per share`,
        ),
        ...(facts.sharesBefore !== undefined
          ? [sentence(`Before the offering it had ${formatCount(facts.sharesBefore)} common shares outstanding`)]
          : []),
        fundingSentence(facts.funding),
        dates.length > 0 ? sentence(`As planned, ${list(dates)}`) : null,
      ].filter((s): s is string => s !== null);
    }
    case "dividend": {
      const kind = translate(facts.dividendKind ?? null, DIVIDEND_KINDS);
      return [
        sentence(
          `The company declared a${kind ? ` ${kind}` : ""} dividend`,
          facts.perShareCommon !== undefined && ` of ${formatKrw(facts.perShareCommon)} per common share`,
          facts.perSharePreferred !== undefined && ` and ${formatKrw(facts.perSharePreferred)} per preferred share`,
          facts.yieldCommon !== undefined &&
            `, a market-price dividend yield of ${formatPercent(facts.yieldCommon)} on common shares`,
        ),
        ...(facts.total !== undefined ? [sentence(`Total dividends amount to ${formatKrw(facts.total)}`)] : []),
        ...(facts.recordDate || facts.paymentDate
          ? [
              sentence(
                facts.recordDate ? `The record date is ${formatDate(facts.recordDate)}` : "",
                facts.recordDate && facts.paymentDate ? " and payment" : facts.paymentDate ? "Payment" : "",
                facts.paymentDate && ` is scheduled for ${formatDate(facts.paymentDate)}`,
              ),
            ]
          : []),
      ];
    }
    case "convertible_bond": {
      const placement = translate(facts.placement ?? null, BOND_PLACEMENTS);
      const rates = [
        facts.couponPercent !== undefined && `a ${formatPercent(facts.couponPercent)} coupon`,
        facts.maturityYieldPercent !== undefined && `a ${formatPercent(facts.maturityYieldPercent)} yield to maturity`,
      ].filter((r): r is string => Boolean(r));
      return [
        sentence(
          "The company decided to issue",
          placement && ` ${placement}`,
          facts.series !== undefined ? ` series ${formatCount(facts.series)} convertible bonds` : " convertible bonds",
          facts.faceValue !== undefined && ` with a face value of ${formatKrw(facts.faceValue)}`,
        ),
        ...(rates.length > 0 || facts.maturity
          ? [
              sentence(
                "The bonds carry ",
                rates.length > 0 ? list(rates) : "",
                facts.maturity && `${rates.length > 0 ? " and mature" : "a maturity"} on ${formatDate(facts.maturity)}`,
              ),
            ]
          : []),
        ...(facts.conversionPrice !== undefined || facts.sharesOnConversion !== undefined
          ? [
              sentence(
                "They convert",
                facts.conversionPrice !== undefined && ` at ${formatKrw(facts.conversionPrice)} per share`,
                facts.sharesOnConversion !== undefined &&
                  ` into up to ${formatCount(facts.sharesOnConversion)} new shares`,
                facts.sharesOnConversionPercent !== undefined &&
                  ` (${formatPercent(facts.sharesOnConversionPercent)} of the total shares, as the filing states it)`,
                (facts.conversionStart || facts.conversionEnd) &&
                  `, with conversion possible ${period(facts.conversionStart, facts.conversionEnd)}`,
              ),
            ]
          : []),
        ...(facts.refixFloor !== undefined
          ? [
              sentence(
                `If the share price falls, the conversion price may be reset to no lower than ${formatKrw(facts.refixFloor)}`,
              ),
            ]
          : []),
        fundingSentence(facts.funding),
        ...(facts.paymentDate ? [sentence(`Payment is due on ${formatDate(facts.paymentDate)}`)] : []),
      ].filter((s): s is string => s !== null);
    }
    case "conversion_price_adjustment": {
      const reason = translate(facts.reason ?? null, PRICE_ADJUSTMENT_REASONS);
      return [
        sentence(
          "The company adjusted the conversion price of",
          facts.series !== undefined
            ? ` its series ${formatCount(facts.series)} convertible bonds`
            : " its convertible bonds",
          facts.priceBefore !== undefined && ` from ${formatKrw(facts.priceBefore)}`,
          facts.priceAfter !== undefined && ` to ${formatKrw(facts.priceAfter)} per share`,
          reason && ` following ${reason}`,
          facts.effectiveDate && `, effective ${formatDate(facts.effectiveDate)}`,
        ),
        ...(facts.sharesBefore !== undefined && facts.sharesAfter !== undefined
          ? [
              sentence(
                `Shares issuable on conversion change from ${formatCount(facts.sharesBefore)} to ${formatCount(facts.sharesAfter)}`,
                facts.outstanding !== undefined && `, on ${formatKrw(facts.outstanding)} of bonds not yet converted`,
              ),
            ]
          : []),
      ];
    }
    case "preliminary_results": {
      const span = period(facts.periodStart, facts.periodEnd);
      return [
        span ? sentence(`The preliminary figures cover the period ${span}`) : null,
        resultSentence("Revenue", "Revenue", facts.revenue),
        resultSentence("Operating profit", "The operating loss", facts.operatingProfit),
        resultSentence("Net income", "The net loss", facts.netIncome),
      ].filter((s): s is string => s !== null);
    }
    case "treasury_acquisition":
    case "treasury_disposal":
    case "treasury_trust": {
      const purpose = translate(facts.purpose ?? null, TREASURY_PURPOSES);
      const method = translate(facts.method ?? null, TREASURY_METHODS);
      const span = period(facts.start, facts.end);
      if (facts.kind === "treasury_trust") {
        return [
          sentence(
            "The company decided to sign a trust contract to buy back its shares",
            facts.amount !== undefined && ` worth ${formatKrw(facts.amount)}`,
            facts.broker && ` with ${readableName(facts.broker)}`,
            span && `, running ${span}`,
            purpose && `, ${purpose}`,
          ),
        ];
      }
      const buying = facts.kind === "treasury_acquisition";
      if (facts.method === "무상출연") {
        const toEmployees = facts.purpose && /우리사주|근로복지|사내근로/.test(facts.purpose.replace(/\s+/g, ""));
        return [
          sentence(
            "The company decided to contribute",
            facts.shares !== undefined && ` ${formatCount(facts.shares)}`,
            " treasury common shares free of charge",
            toEmployees && " to its employee stock ownership association",
            span && ` ${span}`,
          ),
          ...(facts.pricePerShare !== undefined
            ? [
                sentence(
                  `The filing values them at ${formatKrw(facts.pricePerShare)} per share, a reference price rather than money received`,
                ),
              ]
            : []),
        ];
      }
      return [
        sentence(
          buying ? "The company decided to buy back" : "The company decided to sell",
          facts.shares !== undefined && ` ${formatCount(facts.shares)}`,
          buying ? `${facts.shares !== undefined ? " of" : ""} its common shares` : " treasury common shares",
          facts.pricePerShare !== undefined && ` at ${formatKrw(facts.pricePerShare)} per share`,
          facts.amount !== undefined && ` for ${formatKrw(facts.amount)}${buying ? "" : " in total"}`,
          method && ` ${method}`,
          span && ` ${span}`,
          purpose && `, ${purpose}`,
        ),
        ...(facts.broker ? [sentence(`The broker is ${readableName(facts.broker)}`)] : []),
      ];
    }
    case "largest_shareholder_change": {
      const before = stake(facts.before);
      const after = stake(facts.after);
      const reason = translate(facts.reason ?? null, CONTROL_CHANGE_REASONS);
      return [
        sentence(
          "The company's largest shareholder changed",
          facts.before.holder && ` from ${holderName(facts.before.holder)}`,
          before && `, holding ${before},`,
          facts.after.holder && ` to ${holderName(facts.after.holder)}`,
          after && `, holding ${after},`,
          facts.changeDate && ` on ${formatDate(facts.changeDate)}`,
        ),
        ...(reason ? [sentence(`The change follows ${reason}`)] : []),
      ];
    }
    case "holding_report": {
      const reporter = facts.reporterEnglish
        ? `${facts.reporterEnglish}${facts.reporter ? ` ("${facts.reporter}")` : ""}`
        : facts.reporter && readableName(facts.reporter);
      const rel = relation(facts.relation);
      const now = stake(facts.after);
      const before = stake(facts.before);
      const reason = translate(facts.reason ?? null, HOLDING_REASONS);
      const unchanged = now !== null && now === before;
      return [
        sentence(
          reporter ? `${reporter}` : "The reporting holder",
          rel && `, ${rel.replace(/^the largest shareholder$/, "the largest shareholder of the company")},`,
          " reported holding",
          now ? ` ${now}` : " a reportable stake",
          before && (unchanged ? ", unchanged from its previous report" : `, against ${before} in its previous report`),
        ),
        ...(reason || facts.obligationDate
          ? [
              sentence(
                reason ? `The report was triggered by ${reason}` : "",
                reason && facts.obligationDate
                  ? "; the reporting obligation"
                  : facts.obligationDate
                    ? "The reporting obligation"
                    : "",
                facts.obligationDate && ` arose on ${formatDate(facts.obligationDate)}`,
              ),
            ]
          : []),
        ...(facts.contractShares !== undefined
          ? [
              sentence(
                `Of these, ${formatCount(facts.contractShares)} shares`,
                facts.contractPercent !== undefined && ` (${formatPercent(facts.contractPercent)})`,
                facts.contractKind === "pledge"
                  ? " are pledged as collateral for loans"
                  : " are under contracts such as pledges or loans",
                facts.loans.length > 0 &&
                  `: ${facts.loans.length === 2 && facts.loans[0].amount === facts.loans[1].amount ? `two loans of ${formatKrw(facts.loans[0].amount)} each` : list(facts.loans.map((l) => `a loan of ${formatKrw(l.amount)}`))}`,
                facts.loans.length > 0 &&
                  facts.loans[0].rate !== undefined &&
                  facts.loans.every((l) => l.rate === facts.loans[0].rate) &&
                  ` at ${formatPercent(facts.loans[0].rate)} interest`,
              ),
            ]
          : []),
        ...(facts.purpose
          ? [
              sentence(
                facts.purpose === "management"
                  ? "It was filed on the general form, used when the holder intends to influence management"
                  : "It was filed on the short form, used for holdings for investment only",
              ),
            ]
          : []),
      ];
    }
    case "debt_guarantee": {
      const rel = relation(facts.debtorRelation);
      return [
        sentence(
          "The company decided to guarantee",
          facts.guaranteeAmount !== undefined ? ` ${formatKrw(facts.guaranteeAmount)} of` : "",
          " debt",
          facts.debtor && ` owed by ${readableName(facts.debtor)}`,
          rel && `, ${rel}`,
          facts.creditor && `${rel ? "," : ""} to ${readableName(facts.creditor)}`,
          facts.equityPercent !== undefined && `, equal to ${formatPercent(facts.equityPercent)} of its equity`,
          facts.equity !== undefined && ` of ${formatKrw(facts.equity)}`,
        ),
        ...(facts.debtAmount !== undefined
          ? [sentence(`The underlying borrowing is ${formatKrw(facts.debtAmount)}`)]
          : []),
        ...(facts.totalOutstanding !== undefined
          ? [sentence(`Its guarantees outstanding total ${formatKrw(facts.totalOutstanding)}`)]
          : []),
        ...(facts.start || facts.end ? [sentence("The guarantee runs ", period(facts.start, facts.end))] : []),
        ...(facts.decisionDate ? [sentence(`The board decided it on ${formatDate(facts.decisionDate)}`)] : []),
      ];
    }
  }
}
