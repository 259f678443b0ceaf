/**
 * The controlled vocabulary of fact roles: what each role is in English, its kind, the
 * concept it is an instance of (a holder, a revenue ratio), and what it compares with (the
 * frames' computed `{move}` slots).
 * Forms (./forms.ts) map their Korean labels to these roles.
 */
import type { FactKind } from "./types";
import { glossaryText } from "./glossary";
import * as T from "./terms";
import type { TermTable } from "./terms";

export interface RoleSpec {
  en: string;
  kind: FactKind;
  /** What a sentence calls it; roles of one concept may stand for each other in prose. */
  concept: string;
  /** Words for a negative and a positive value: the text is the magnitude, the sign is said in words. */
  signed?: readonly [negative: string, positive: string];
  /** Enumerations, securities: the English of each term. */
  terms?: TermTable;
  /** Count or ratio unit. */
  unit?: string;
  /** A zero is a fact (a holding sold out), not an empty cell. */
  zero?: boolean;
  /** The roles this one is compared with in a change phrase, and the stated change of each. */
  compare?: readonly { base: string; change?: string }[];
}

const r = (en: string, kind: FactKind, concept: string, extra: Partial<RoleSpec> = {}): RoleSpec => ({
  en,
  kind,
  concept,
  ...extra,
});

/** A results line: this period, the comparison periods and the stated changes. */
function resultRoles(
  key: string,
  en: string,
  concept: string,
  signed?: readonly [string, string],
): Record<string, RoleSpec> {
  const amount = (what: string) => r(`${en}${what}`, "amount", concept, { signed });
  return {
    [`${key}.current`]: r(en, "amount", concept, {
      signed,
      compare: [
        { base: `${key}.year_ago`, change: `${key}.yoy_change` },
        { base: `${key}.prior_quarter`, change: `${key}.qoq_change` },
        { base: `${key}.first_reported` },
      ],
    }),
    [`${key}.prior_quarter`]: amount(" in the previous quarter"),
    [`${key}.year_ago`]: amount(" a year earlier"),
    [`${key}.qoq_change`]: r(`${en} change on the previous quarter`, "percent", `${concept}_change`, { signed: FALL }),
    [`${key}.yoy_change`]: r(`${en} change year on year`, "percent", `${concept}_change`, { signed: FALL }),
    [`${key}.cumulative`]: r(`${en} year to date`, "amount", concept, {
      signed,
      compare: [{ base: `${key}.cumulative_year_ago`, change: `${key}.cumulative_yoy_change` }],
    }),
    [`${key}.cumulative_year_ago`]: amount(" year to date a year earlier"),
    [`${key}.cumulative_yoy_change`]: r(`${en} year to date, change year on year`, "percent", `${concept}_change`, {
      signed: FALL,
    }),
    [`${key}.first_reported`]: amount(" as first reported"),
    [`${key}.latest_quarter`]: amount(" in the latest quarter"),
  };
}

/** A change: its text is the size, its direction the words. */
const FALL: readonly [string, string] = ["down", "up"];
const PROFIT: readonly [string, string] = ["operating loss", "operating profit"];
const NET: readonly [string, string] = ["net loss", "net income"];
const PRETAX: readonly [string, string] = ["pre-tax loss", "pre-tax profit"];

/** Roles of a table's second and third rows (corrections, allottees, holders' contracts). */
export const ROW_SUFFIXES = ["", ".second", ".third"] as const;

/** A correction table's rows (./corrections.ts): values keep the kind of the item's own role. */
const CORRECTION_ROWS: Record<string, RoleSpec> = Object.fromEntries(
  ROW_SUFFIXES.flatMap((n) => [
    [`correction.item${n}`, r("item corrected", "enumeration", "correction_item")],
    [`correction.before${n}`, r("value before the correction", "enumeration", "correction_before")],
    [`correction.after${n}`, r("value after the correction", "enumeration", "correction_after")],
  ]),
);

export const ROLES: Readonly<Record<string, RoleSpec>> = {
  // Corrections ([기재정정]): the filing corrected, and what its correction table changes.
  "correction.original_date": r("date of the filing corrected", "date", "original_date"),
  "correction.cancelled": r("reason for the correction", "enumeration", "correction_reason", {
    terms: T.CORRECTION_CANCELLATIONS,
  }),
  ...CORRECTION_ROWS,

  // Common to many forms.
  decision_date: r("board decision date", "date", "decision_date"),
  fact_date: r("date the fact was confirmed", "date", "decision_date"),
  shares_outstanding: r("total shares outstanding", "shares", "shares_outstanding"),
  equity: r("equity", "amount", "equity"),
  total_assets: r("total assets", "amount", "total_assets"),
  recent_revenue: r("recent annual revenue", "amount", "recent_revenue"),
  par_value: r("par value per share", "amount", "par_value"),
  meeting_date: r("shareholders' meeting date", "date", "meeting_date"),
  listing_date: r("listing date of the new shares", "date", "listing_date"),
  record_date: r("record date", "date", "record_date"),
  payment_date: r("payment date", "date", "payment_date"),
  dividend_start: r("dividend accrual date of the new shares", "date", "dividend_start"),
  counterparty: r("counterparty", "party", "counterparty"),
  relation: r("relationship to the company", "enumeration", "relation", { terms: T.RELATIONSHIPS }),

  // Single sales or supply contracts, their terminations, successions.
  "contract.kind": r("contract type", "enumeration", "contract_kind", { terms: T.CONTRACT_KINDS }),
  "contract.description": r("what the contract covers", "enumeration", "contract_description", {
    terms: glossaryText,
  }),
  "contract.amount": r("contract amount", "amount", "contract"),
  "contract.amount_foreign": r("contract amount in foreign currency", "amount", "contract"),
  "contract.initial_amount": r("initial contract amount", "amount", "contract_initial"),
  "contract.revenue_ratio": r("contract amount as a share of recent annual revenue", "percent", "revenue_ratio"),
  "contract.counterparty": r("counterparty", "party", "counterparty"),
  "contract.start": r("contract start date", "date", "start"),
  "contract.end": r("contract end date", "date", "end"),
  "contract.period": r("contract period", "period", "period"),
  "contract.date": r("contract date", "date", "contract_date"),
  "contract.deferral_end": r("date until which details are withheld", "date", "deferral"),
  "contract.units": r("units under contract", "count", "units"),
  "termination.amount": r("terminated contract amount", "amount", "contract"),
  "termination.revenue_ratio": r("terminated amount as a share of recent annual revenue", "percent", "revenue_ratio"),
  "termination.date": r("termination date", "date", "termination_date"),

  // New facility investment.
  "investment.kind": r("investment type", "enumeration", "investment_kind", { terms: T.INVESTMENT_KINDS }),
  "investment.target": r("what the investment is in", "enumeration", "investment_target", { terms: glossaryText }),
  "investment.purpose": r("purpose of the investment", "enumeration", "purpose", { terms: glossaryText }),
  "investment.amount": r("investment amount", "amount", "investment"),
  "investment.equity_ratio": r("investment as a share of equity", "percent", "equity_ratio"),
  "investment.start": r("investment start date", "date", "start"),
  "investment.end": r("investment end date", "date", "end"),

  // Treasury shares.
  "treasury.shares": r("shares to trade", "shares", "trade"),
  "treasury.price": r("price per share", "amount", "price"),
  "treasury.amount": r("total amount", "amount", "trade_amount"),
  "treasury.start": r("trading period start", "date", "start"),
  "treasury.end": r("trading period end", "date", "end"),
  "treasury.purpose": r("purpose", "enumeration", "purpose", { terms: T.TREASURY_PURPOSES }),
  "treasury.method": r("method", "enumeration", "method", { terms: T.TREASURY_METHODS }),
  "treasury.grant": r("kind of transfer", "enumeration", "method", { terms: T.TREASURY_GRANTS }),
  "treasury.free": r("transfer without payment", "enumeration", "method", { terms: T.FREE_TRANSFERS }),
  "treasury.market_shares": r("shares to trade on the market", "shares", "trade"),
  "treasury.block_shares": r("shares to trade in after-hours block trades", "shares", "trade"),
  "treasury.off_market_shares": r("shares to trade off the market", "shares", "trade"),
  "treasury.other_shares": r("shares to dispose of otherwise", "shares", "trade"),
  "treasury.broker": r("broker", "party", "broker"),
  "tender.price": r("tender offer price per share", "amount", "price"),
  "treasury.held_shares": r("treasury shares held before", "shares", "holding"),
  "treasury.held_ratio": r("treasury shares held before, as a share of all shares", "percent", "holding"),
  "result.largest_before": r("largest shareholder's shares when the purchase was reported", "shares", "holding"),
  "result.largest_after": r("largest shareholder's shares at the end of the purchase", "shares", "holding", {
    compare: [{ base: "result.largest_before" }],
  }),
  "result.group_before": r("shares of the largest shareholder and related parties before", "shares", "holding"),
  "result.group_after": r("shares of the largest shareholder and related parties after", "shares", "holding", {
    compare: [{ base: "result.group_before" }],
  }),
  "trust.amount": r("trust contract amount", "amount", "trust"),
  "trust.start": r("trust contract start", "date", "start"),
  "trust.end": r("trust contract end", "date", "end"),
  "trust.broker": r("trustee", "party", "broker"),
  "trust.termination_date": r("trust contract termination date", "date", "termination_date"),
  "trust.termination_reason": r("reason for the termination", "enumeration", "purpose", {
    terms: T.TRUST_TERMINATION_REASONS,
  }),
  "trust.return_method": r("how the trust's assets are returned", "enumeration", "method", {
    terms: T.TRUST_RETURN_METHODS,
  }),
  "trust.shares": r("shares the trust hands back on termination", "shares", "trust_shares"),

  // Rights offerings and bonus issues.
  "rights.new_shares": r("new shares", "shares", "new_shares"),
  "rights.shares_before": r("shares outstanding before the offering", "shares", "shares_outstanding"),
  "rights.method": r("offering method", "enumeration", "offering_method", { terms: T.OFFERING_METHODS }),
  "rights.issue_price": r("issue price per share", "amount", "issue_price"),
  "rights.base_price": r("base price per share", "amount", "base_price"),
  "rights.discount": r("discount or premium rate to the base price", "percent", "discount"),
  "rights.record_date": r("record date for the allotment", "date", "record_date"),
  "rights.subscription_date": r("subscription date", "date", "subscription_date"),
  ...Object.fromEntries(
    ROW_SUFFIXES.flatMap((n) => [
      [`rights.allottee${n}`, r("allottee of the new shares", "party", "allottee")],
      [`rights.allottee_shares${n}`, r("new shares allotted to the allottee", "shares", "allotted_shares")],
    ]),
  ),
  "rights.lockup": r("lock-up of the new shares", "enumeration", "lockup", { terms: T.lockUpOf }),
  "funding.facilities": r("facilities", "amount", "funding"),
  "funding.business_acquisition": r("a business acquisition", "amount", "funding"),
  "funding.operations": r("operations", "amount", "funding"),
  "funding.debt_repayment": r("debt repayment", "amount", "funding"),
  "funding.securities": r("acquiring other companies' securities", "amount", "funding"),
  "funding.other": r("other purposes", "amount", "funding"),
  "bonus.new_shares": r("new shares", "shares", "new_shares"),
  "bonus.shares_before": r("shares outstanding before the issue", "shares", "shares_outstanding"),
  "bonus.per_share": r("new shares per share held", "ratio", "allotment_ratio", { unit: "new shares per share" }),
  "bonus.record_date": r("record date for the allotment", "date", "record_date"),

  // Bonds: convertible, exchangeable, with warrants, contingent capital.
  "bond.series": r("series number", "count", "series"),
  "bond.kind": r("bond type", "security", "bond_kind", { terms: T.BOND_KINDS }),
  "bond.face_value": r("face value", "amount", "face_value"),
  "bond.face_value_foreign": r("face value in foreign currency", "amount", "face_value"),
  "bond.coupon": r("coupon", "percent", "coupon"),
  "bond.yield": r("yield to maturity", "percent", "yield"),
  "bond.maturity": r("maturity date", "date", "maturity"),
  "bond.issue_date": r("issue date", "date", "issue_date"),
  "bond.placement": r("placement", "enumeration", "placement", { terms: T.PLACEMENTS }),
  "bond.conversion_price": r("conversion price per share", "amount", "conversion_price"),
  "bond.exchange_price": r("exchange price per share", "amount", "conversion_price"),
  "bond.exercise_price": r("exercise price per share", "amount", "conversion_price"),
  "bond.conversion_shares": r("shares issuable on conversion", "shares", "conversion_shares"),
  "bond.conversion_ratio": r("shares issuable as a share of all shares", "percent", "dilution"),
  "bond.conversion_start": r("conversion period start", "date", "start"),
  "bond.conversion_end": r("conversion period end", "date", "end"),
  "bond.floor": r("refixing floor price", "amount", "floor"),
  "bond.subscription_date": r("subscription date", "date", "subscription_date"),
  "bond.payment_date": r("payment date", "date", "payment_date"),
  "bond.lead_manager": r("lead manager", "party", "lead_manager"),
  "bond.guarantor": r("guarantor", "party", "guarantor"),
  "bond.exchange_target": r("shares the bonds exchange into", "security", "exchange_target", {
    terms: T.EXCHANGE_TARGETS,
  }),
  "bond.outstanding": r("face value of bonds not yet converted", "amount", "bonds_outstanding"),
  "call.face_value": r("face value of bonds bought under the call option", "amount", "trade_amount"),
  "call.ratio": r("share of the issue bought under the call option", "percent", "call_ratio"),
  "call.date": r("call option exercise date", "date", "exercise_date"),
  "call.price": r("amount paid for the bonds", "amount", "price"),
  "call.payment_date": r("payment date for the bonds", "date", "payment_date"),
  "resale.face_value": r("face value of the bonds to sell", "amount", "face_value"),
  "resale.cost": r("amount paid to buy the bonds back", "amount", "cost"),
  "resale.amount": r("sale amount", "amount", "trade_amount"),
  "resale.date": r("sale decision date", "date", "decision_date"),
  "resale.payment_date": r("date the proceeds are received", "date", "payment_date"),
  "resale.buyer": r("buyer", "party", "buyer"),

  // Conversion price adjustments.
  "adjustment.price_after": r("conversion price after the adjustment", "amount", "conversion_price", {
    compare: [{ base: "adjustment.price_before" }],
  }),
  "adjustment.price_before": r("conversion price before the adjustment", "amount", "conversion_price"),
  "adjustment.shares_after": r("shares issuable after the adjustment", "shares", "conversion_shares", {
    compare: [{ base: "adjustment.shares_before" }],
  }),
  "adjustment.shares_before": r("shares issuable before the adjustment", "shares", "conversion_shares"),
  "adjustment.reason": r("reason", "enumeration", "reason", { terms: T.PRICE_ADJUSTMENT_REASONS }),
  "adjustment.effective_date": r("date the new price applies", "date", "effective_date"),

  // Capital reductions.
  "reduction.shares": r("shares cancelled", "shares", "reduction_shares"),
  "reduction.capital_before": r("share capital before", "amount", "capital"),
  "reduction.capital_after": r("share capital after", "amount", "capital", {
    compare: [{ base: "reduction.capital_before" }],
  }),
  "reduction.shares_before": r("shares outstanding before", "shares", "shares_outstanding"),
  "reduction.shares_after": r("shares outstanding after", "shares", "shares_outstanding", {
    compare: [{ base: "reduction.shares_before" }],
  }),
  "reduction.ratio": r("reduction ratio", "percent", "reduction_ratio"),
  "reduction.record_date": r("record date of the reduction", "date", "record_date"),
  "reduction.method": r("method", "enumeration", "method", { terms: T.REDUCTION_METHODS }),
  "reduction.objection_start": r("creditors' objection period start", "date", "start"),
  "reduction.objection_end": r("creditors' objection period end", "date", "end"),

  // 5% holdings and executives' holdings.
  "holding.holder": r("reporting holder", "party", "holder"),
  "holding.before_shares": r("shares held before", "shares", "holding"),
  "holding.before_percent": r("stake before", "percent", "holding"),
  "holding.after_shares": r("shares held now", "shares", "holding", {
    zero: true,
    compare: [{ base: "holding.before_shares", change: "holding.change_shares" }],
  }),
  "holding.after_percent": r("stake now", "percent", "holding", {
    zero: true,
    compare: [{ base: "holding.before_percent", change: "holding.change_percent" }],
  }),
  "holding.change_shares": r("change in shares held", "shares", "holding_change", { signed: FALL }),
  "holding.change_percent": r("change in stake", "percentage_points", "holding_change", { signed: FALL }),
  "holding.contract_shares": r("shares under contracts such as pledges", "shares", "pledge"),
  "holding.contract_percent": r("stake under contracts such as pledges", "percent", "pledge"),
  "holding.purpose": r("purpose of holding", "enumeration", "purpose", { terms: T.HOLDING_PURPOSES }),
  ...Object.fromEntries(
    ROW_SUFFIXES.map((n) => [
      `holding.contract_kind${n}`,
      r("contract over the shares", "enumeration", "contract_kind", { terms: T.HOLDING_CONTRACTS }),
    ]),
  ),
  "holding.reason": r("reason for the report", "enumeration", "reason", { terms: T.HOLDING_REASONS }),
  "holding.report_kind": r("report type", "enumeration", "report_kind", { terms: T.HOLDING_REPORT_KINDS }),
  "holding.obligation_date": r("date the reporting obligation arose", "date", "obligation_date"),
  "holding.relation": r("holder's relationship to the company", "enumeration", "relation", {
    terms: T.RELATIONSHIPS,
  }),

  // Results: preliminary and periodic.
  "results.period": r("period", "period", "period"),
  ...resultRoles("revenue", "revenue", "revenue"),
  ...resultRoles("operating_profit", "operating profit", "operating_profit", PROFIT),
  ...resultRoles("pretax_profit", "pre-tax profit", "pretax_profit", PRETAX),
  ...resultRoles("net_income", "net income", "net_income", NET),
  ...resultRoles("controlling_net_income", "net income attributable to owners", "net_income", NET),

  // Debt guarantees.
  "guarantee.debtor": r("debtor", "party", "debtor"),
  "guarantee.relation": r("debtor's relationship to the company", "enumeration", "relation", {
    terms: T.RELATIONSHIPS,
  }),
  "guarantee.creditor": r("creditor", "party", "creditor"),
  "guarantee.debt_amount": r("debt guaranteed", "amount", "debt"),
  "guarantee.amount": r("guarantee amount", "amount", "guarantee"),
  "guarantee.equity_ratio": r("guarantee as a share of equity", "percent", "equity_ratio"),
  "guarantee.total": r("total guarantees outstanding", "amount", "guarantee_total"),
  "guarantee.start": r("guarantee start", "date", "start"),
  "guarantee.end": r("guarantee end", "date", "end"),

  // Acquisitions and disposals of assets, shares and businesses.
  "transfer.target": r("company whose shares are traded", "party", "target"),
  "transfer.shares": r("shares traded", "shares", "trade"),
  "transfer.amount": r("transaction amount", "amount", "transaction"),
  "transfer.asset_ratio": r("transaction as a share of total assets", "percent", "asset_ratio"),
  "transfer.equity_ratio": r("transaction as a share of equity", "percent", "equity_ratio"),
  "transfer.shares_after": r("shares held afterwards", "shares", "holding"),
  "transfer.stake_after": r("stake afterwards", "percent", "holding"),
  "transfer.date": r("expected transaction date", "date", "transaction_date"),
  "transfer.contract_date": r("contract date", "date", "contract_date"),
  "transfer.counterparty": r("counterparty", "party", "counterparty"),
  "transfer.target_assets": r("assets of the business acquired", "amount", "target_assets"),
  "transfer.target_revenue": r("revenue of the business acquired", "amount", "target_revenue"),
  "transfer.target_revenue_ratio": r("revenue of the business as a share of the company's", "percent", "ratio"),
  "transfer.company_revenue": r("company's own revenue", "amount", "recent_revenue"),

  // Litigation.
  "litigation.kind": r("kind of suit", "enumeration", "lawsuit", { terms: T.LAWSUIT_KINDS }),
  "litigation.plaintiff": r("plaintiff", "party", "plaintiff"),
  "litigation.claim": r("amount claimed", "amount", "claim"),
  "litigation.court": r("court", "enumeration", "court", { terms: T.COURTS }),
  "litigation.filed_date": r("date filed", "date", "filed_date"),
  "litigation.confirmed_date": r("date the company confirmed it", "date", "decision_date"),

  // Overseas listing and delisting.
  "listing.exchange": r("exchange", "enumeration", "exchange", { terms: T.EXCHANGES }),
  "listing.shares": r("common shares to list", "shares", "listing_shares"),
  "listing.other_shares": r("other shares to list", "shares", "listing_shares"),
  "listing.dr_shares": r("shares to list as depositary receipts", "shares", "listing_shares"),
  "listing.date": r("expected listing date", "date", "listing_date"),
  "delisting.exchange": r("exchange", "enumeration", "exchange", { terms: T.EXCHANGES }),
  "delisting.application_date": r("application date", "date", "application_date"),
  "delisting.date": r("delisting date", "date", "delisting_date"),

  // Dividends.
  "dividend.kind": r("dividend type", "enumeration", "dividend_kind", { terms: T.DIVIDEND_KINDS }),
  "dividend.form": r("dividend form", "enumeration", "dividend_form", { terms: T.DIVIDEND_FORMS }),
  "dividend.per_share": r("dividend per common share", "amount", "dividend_per_share"),
  "dividend.per_share_preferred": r("dividend per preferred share", "amount", "dividend_per_share"),
  "dividend.yield": r("market-price dividend yield on common shares", "percent", "yield"),
  "dividend.total": r("total dividends", "amount", "dividend_total"),
  "dividend.record_date": r("record date", "date", "record_date"),
  "dividend.payment_date": r("payment date", "date", "payment_date"),

  // Largest shareholder changes.
  "control.before_holder": r("largest shareholder before", "party", "holder"),
  "control.after_holder": r("largest shareholder after", "party", "holder"),
  "control.before_shares": r("shares held by the largest shareholder before", "shares", "holding"),
  "control.after_shares": r("shares held by the new largest shareholder", "shares", "holding"),
  "control.before_percent": r("stake of the largest shareholder before", "percent", "holding"),
  "control.after_percent": r("stake of the new largest shareholder", "percent", "holding"),
  "control.date": r("date of the change", "date", "change_date"),

  // Clinical trials and licensing.
  "trial.phase": r("trial phase", "enumeration", "phase", { terms: T.TRIAL_PHASES }),
  "trial.subjects": r("trial subjects", "count", "subjects", { unit: "patients" }),
  "trial.application_date": r("application date", "date", "application_date"),
  "trial.approval_date": r("approval date", "date", "approval_date"),
  "trial.regulator": r("regulator", "enumeration", "regulator", { terms: T.REGULATORS }),
  "licence.upfront": r("upfront payment", "amount", "upfront"),
  "contribution.amount": r("contribution", "amount", "contribution"),
  "exchange.kind": r("share exchange or transfer", "enumeration", "exchange_kind", { terms: T.SHARE_EXCHANGE_KINDS }),
  "exchange.partner": r("company whose shares are exchanged", "party", "counterparty"),
  "exchange.contract_date": r("share exchange contract date", "date", "contract_date"),
  "exchange.date": r("share exchange date", "date", "exchange_date"),
  "material.subject": r("the matter, as the filing titles it", "enumeration", "subject", { terms: glossaryText }),
  "approval.product": r("product approved", "enumeration", "product", { terms: glossaryText }),
  "approval.date": r("date of the product approval", "date", "approval_date"),
  "approval.application_date": r("date of the application for product approval", "date", "application_date"),
  "approval.regulator": r("regulator that approved the product", "enumeration", "regulator", { terms: T.REGULATORS }),
  "licence.milestone": r("licence milestone payment", "amount", "milestone"),

  // Mergers and spin-offs.
  "merger.method": r("merger method", "enumeration", "method", { terms: T.MERGER_METHODS }),
  "merger.partner": r("merger partner", "party", "counterparty"),
  "merger.partner_relation": r("partner's relationship to the company", "enumeration", "relation", {
    terms: T.RELATIONSHIPS,
  }),
  "merger.ratio": r("merger ratio", "ratio", "merger_ratio", { unit: "new shares for each share of the partner" }),
  "merger.new_shares": r("new shares issued for the merger", "shares", "new_shares"),
  "merger.partner_revenue": r("the partner's revenue in its latest year", "amount", "target_revenue"),
  "merger.partner_assets": r("the partner's total assets", "amount", "target_assets"),
  "merger.contract_date": r("merger contract date", "date", "contract_date"),
  "merger.date": r("merger date", "date", "merger_date"),
  "merger.appraisal_price": r("appraisal price for dissenting shareholders", "amount", "price"),
  "spinoff.method": r("spin-off method", "enumeration", "method", { terms: T.SPINOFF_METHODS }),
  "spinoff.new_company": r("new company", "party", "counterparty"),
  "spinoff.ratio": r("split ratio", "ratio", "split_ratio"),
  "spinoff.new_assets": r("the new company's total assets", "amount", "target_assets"),
  "spinoff.new_revenue": r("revenue of the business spun off", "amount", "target_revenue"),
  "spinoff.remaining_revenue": r("revenue of the business the company keeps", "amount", "remaining_revenue"),
  "spinoff.remaining_assets": r("the company's total assets after the spin-off", "amount", "total_assets"),
  "spinoff.date": r("spin-off date", "date", "spinoff_date"),

  // IR events.
  "ir.start": r("first day", "date", "start"),
  "ir.end": r("last day", "date", "end"),
  "ir.audience": r("audience", "enumeration", "audience", { terms: T.IR_AUDIENCES }),
  "ir.method": r("format", "enumeration", "method", { terms: T.IR_METHODS }),
  "ir.sponsor": r("host", "party", "host"),
  "ir.confirmed_date": r("date the event was confirmed", "date", "decision_date"),
  "ir.posting_date": r("date the materials are posted", "date", "posting_date"),

  // Completion reports of asset transfers.
  "completion.asset": r("asset transferred", "enumeration", "asset", { terms: T.ASSET_KINDS }),
  "completion.seller": r("seller", "party", "seller"),
  "completion.buyer": r("buyer", "party", "buyer"),
  "completion.date": r("completion date", "date", "completion_date"),
  "completion.assets_before": r("total assets before the transfer", "amount", "total_assets"),
  "completion.assets_after": r("total assets after the transfer", "amount", "total_assets", {
    compare: [{ base: "completion.assets_before" }],
  }),
  "licence.total": r("total contract value", "amount", "contract"),
};

export function roleSpec(role: string): RoleSpec | undefined {
  return ROLES[role];
}
