/**
 * The catalogue of sentence frames, per form (../facts/forms.ts ids): English written here,
 * with slots named by role (`{contract.amount}`), computed slots (`{label operating_profit.current}`
 * — the words its sign gives it —, `{move a b c}` — how a moved against b, c the stated change
 * when the filing gives one —, `{list a b c}`) and `{company}`. Each sentence lists alternative
 * frames; a summary uses at most one frame of a sentence. A bracketed part is written only when
 * every slot in it is filled; `{?role}` writes nothing but needs the role on the sheet (a
 * correction's lead needs its first figures), `{!role}` needs its absence (a disposal is a sale
 * only when no grant is stated). ./frames.ts turns each alternative into a Frame with an id
 * (`supply_contract.1a`: the form, the sentence, the alternative).
 */

export type Sentence = readonly string[];

const RESULTS: readonly Sentence[] = [
  [
    "{?revenue.first_reported}{company} corrected its preliminary results for {results.period}: {label revenue.current} of {revenue.current}[, {move revenue.current revenue.year_ago revenue.yoy_change} a year earlier][, and {label operating_profit.current} of {operating_profit.current}[, {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change} a year earlier]].",
    "{company} reported preliminary results for {results.period}: {label revenue.current} of {revenue.current}[, {move revenue.current revenue.year_ago revenue.yoy_change} a year earlier][, and {label operating_profit.current} of {operating_profit.current}[, {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change} a year earlier]].",
    "{company} reported preliminary results for {results.period}: {label operating_profit.current} of {operating_profit.current}[, {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change} a year earlier].",
    "{company} reported preliminary results: {label revenue.current} of {revenue.current}[, {move revenue.current revenue.year_ago revenue.yoy_change} a year earlier][, and {label operating_profit.current} of {operating_profit.current}[, {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change} a year earlier]].",
  ],
  [
    "The figures correct those first reported: {label revenue.current} {move revenue.current revenue.first_reported}[ and {label operating_profit.current} {move operating_profit.current operating_profit.first_reported}].",
  ],
  [
    "Against the previous quarter, {label revenue.current} was {move revenue.current revenue.prior_quarter revenue.qoq_change}[ and {label operating_profit.current} {move operating_profit.current operating_profit.prior_quarter operating_profit.qoq_change}].",
  ],
  [
    "{label net_income.current} was {net_income.current}[, {move net_income.current net_income.year_ago net_income.yoy_change} a year earlier].",
  ],
  [
    "Year to date, revenue was {revenue.cumulative}[ and {label operating_profit.cumulative} {operating_profit.cumulative}].",
  ],
];

const CONVERSION: Sentence = [
  "They are convertible at {bond.conversion_price} per share into up to {bond.conversion_shares}[ ({bond.conversion_ratio} of the total shares)][, from {bond.conversion_start} to {bond.conversion_end}].",
  "They are exchangeable at {bond.exchange_price} per share for up to {bond.conversion_shares}[ of {bond.exchange_target}][ ({bond.conversion_ratio} of the total shares)][, from {bond.conversion_start} to {bond.conversion_end}].",
  "They are exercisable at {bond.exercise_price} per share for up to {bond.conversion_shares}[ ({bond.conversion_ratio} of the total shares)].",
];

const TRANSFER_TAIL: readonly Sentence[] = [
  ["[It will keep {transfer.shares_after}[ ({transfer.stake_after})] afterwards.]"],
  ["The transaction is expected to close on {transfer.date}."],
  ["The board decided it on {decision_date}."],
];

/**
 * A correction's lead, before its form's sentences (which then read "As corrected, …"): the
 * filing it corrects and what its correction table changes, never the event as new.
 */
export const CORRECTION_LEAD: Sentence = [
  "{company} corrected its filing of {correction.original_date}[, changing the {correction.item} to {correction.after} (previously {correction.before})][ and the {correction.item.second} to {correction.after.second} (previously {correction.before.second})].",
  "{company} corrected an earlier filing, changing the {correction.item} to {correction.after} (previously {correction.before})[ and the {correction.item.second} to {correction.after.second} (previously {correction.before.second})].",
  "{company} corrected its filing of {correction.original_date}.",
];

/** A correction that reports the deal called off: its form's sentences would state the deal as live. */
export const CANCELLATION_LEAD: Sentence = [
  "{company} corrected its filing of {correction.original_date} to report {correction.cancelled}.",
];

/** Forms whose own sentences say what a correction changed (a results correction's first figures). */
export const CORRECTED_BY_OWN_SENTENCES: ReadonlySet<string> = new Set(["preliminary_results"]);

export const TEMPLATES: Readonly<Record<string, readonly Sentence[]>> = {
  merger: [
    [
      "{company} decided on {merger.method} with {merger.partner}[, its {merger.partner_relation},][ at a ratio of {merger.ratio}].",
      "{company} decided to merge with {merger.partner}[ at a ratio of {merger.ratio}].",
    ],
    ["It will issue {merger.new_shares} for the merger."],
    ["The merger takes effect on {merger.date}[, after a shareholders' meeting on {meeting_date}]."],
    [
      "In its latest year the partner had revenue of {merger.partner_revenue}[ and total assets of {merger.partner_assets}].",
    ],
  ],
  spin_off: [
    ["{company} decided on {spinoff.method}, creating {spinoff.new_company}[, effective {spinoff.date}]."],
    [
      "The business spun off had revenue of {spinoff.new_revenue} in its latest year[, against {spinoff.remaining_revenue} for the business the company keeps].",
    ],
    ["The new company starts with total assets of {spinoff.new_assets}."],
    ["The shareholders' meeting is on {meeting_date}."],
  ],
  periodic_report: [
    [
      "{company} reported {label revenue.current} of {revenue.current} for {results.period}[, {move revenue.current revenue.year_ago} a year earlier], with {label operating_profit.current} of {operating_profit.current}[ and {label net_income.current} of {net_income.current}].",
    ],
    [
      "In the latest quarter, revenue was {revenue.latest_quarter}[ and {label operating_profit.latest_quarter} {operating_profit.latest_quarter}].",
    ],
    ["Total assets stood at {total_assets}."],
  ],
  ir_event: [
    [
      "{company} will hold {ir.method} with {ir.audience}[ from {ir.start} to {ir.end}][ to present its results for {results.period}].",
      "{company} will hold an investor relations event for {ir.audience} on {ir.start}[ to present its results for {results.period}].",
    ],
    ["The meetings are hosted by {ir.sponsor}[, and the presentation materials will be posted on {ir.posting_date}]."],
    ["The event was confirmed on {ir.confirmed_date}."],
  ],
  completion_report: [
    [
      "{company} completed its purchase of {completion.asset} for {transfer.amount}[ from {completion.seller}][ on {completion.date}].",
      "{company} completed an asset transfer worth {transfer.amount}[ with {completion.seller}][ on {completion.date}].",
    ],
    ["On a pro forma basis its total assets go from {completion.assets_before} to {completion.assets_after}."],
    ["The board decided it on {decision_date}."],
  ],
  supply_contract: [
    [
      "{company} won a {contract.kind} worth {contract.amount}[ from {contract.counterparty}][, equal to {contract.revenue_ratio} of its recent annual revenue[ of {recent_revenue}]].",
      "{company} signed a contract worth {contract.amount}[ with {contract.counterparty}][, equal to {contract.revenue_ratio} of its recent annual revenue[ of {recent_revenue}]].",
    ],
    ["Subject of the contract: {contract.description}."],
    [
      "The contract runs from {contract.start} to {contract.end}.",
      "The contract runs until {contract.end}.",
      "The contract runs from {contract.start}.",
    ],
    ["It was signed on {contract.date}."],
    ["Some of its terms are withheld until {contract.deferral_end}."],
  ],
  supply_termination: [
    [
      "{company} terminated a {contract.kind} worth {termination.amount}[ with {contract.counterparty}][, equal to {termination.revenue_ratio} of its recent annual revenue[ of {recent_revenue}]].",
      "{company} terminated a {contract.kind}[ with {contract.counterparty}].",
    ],
    ["Contract terminated: {contract.description}."],
    ["The termination took effect on {termination.date}."],
    ["The contract had run from {contract.start} to {contract.end}."],
  ],
  facility_investment: [
    [
      "{company} decided on a {investment.kind} worth {investment.amount}[, equal to {investment.equity_ratio} of its equity[ of {equity}]].",
      "{company} decided to invest {investment.amount}[, equal to {investment.equity_ratio} of its equity[ of {equity}]].",
    ],
    ["Investment target: {investment.target}[; stated purpose: {investment.purpose}]."],
    [
      "The investment runs from {investment.start} to {investment.end}.",
      "The investment is to be completed by {investment.end}.",
    ],
    ["The board decided it on {decision_date}."],
  ],
  treasury_acquisition: [
    [
      "{company} decided to buy back {treasury.shares}[ for {treasury.amount}][ through {treasury.method}][, for {treasury.purpose}].",
      "{company} decided to buy back its own shares for {treasury.amount}[ through {treasury.method}][, for {treasury.purpose}].",
    ],
    ["Purchases are planned from {treasury.start} to {treasury.end}[, at {tender.price} per share]."],
    ["The broker is {treasury.broker}."],
    ["The board decided it on {decision_date}."],
  ],
  // A disposal is a sale only when no grant, contribution or exchange is stated: otherwise its
  // price column is a reference value and no money is received for the shares.
  treasury_disposal: [
    [
      "{company} decided to transfer {treasury.shares} of treasury stock as {treasury.grant}[; the filing values them at {treasury.price} per share[, {treasury.amount} in all], a reference value, not money received].",
      "{company} decided to transfer {treasury.shares} of treasury stock {treasury.free}[ to {treasury.purpose}][; the filing values them at {treasury.price} per share[, {treasury.amount} in all], a reference value, not money received].",
      "{!treasury.grant}{!treasury.free}{company} decided to sell {treasury.shares} of treasury stock[ at {treasury.price} each][ for {treasury.amount} in total][, for {treasury.purpose}].",
    ],
    [
      "The disposal is planned from {treasury.start} to {treasury.end}[, in after-hours block trades ({treasury.block_shares})][, off the market ({treasury.off_market_shares})].",
    ],
    ["The broker is {treasury.broker}."],
    [
      "Before the disposal it held {treasury.held_shares} in treasury[ ({treasury.held_ratio} of its shares)].",
      "The board decided it on {decision_date}.",
    ],
  ],
  treasury_result: [
    [
      "{company} reported the result of its treasury-share trading: its largest shareholder held {result.largest_after} at the end, {move result.largest_after result.largest_before} when it began.",
    ],
    [
      "With related parties, the largest shareholder's group held {result.group_after}, {move result.group_after result.group_before}.",
    ],
  ],
  treasury_trust_termination: [
    [
      "{company} decided to terminate its trust contract of {trust.amount} for buying back its shares[ with {trust.broker}][, {trust.termination_reason}].",
    ],
    [
      "The contract had run from {trust.start} to {trust.end}[; the termination takes effect on {trust.termination_date}].",
    ],
    ["The termination takes effect on {trust.termination_date}."],
    ["On termination the trust hands back {trust.shares}[ ({trust.return_method})]."],
  ],
  treasury_trust: [
    ["{company} decided to sign a trust contract worth {trust.amount} to buy back its shares[ with {trust.broker}]."],
    ["The contract runs from {trust.start} to {trust.end}."],
  ],
  rights_offering: [
    [
      "{company} decided to raise capital by issuing {rights.new_shares} through {rights.method}[ at {rights.issue_price} per share].",
      "{company} decided to raise capital through {rights.method}[ at {rights.issue_price} per share].",
    ],
    [
      "The new shares go to {rights.allottee}[ ({rights.allottee_shares})][ and {rights.allottee.second}[ ({rights.allottee_shares.second})]][, with {rights.lockup}].",
    ],
    [
      "It will use the proceeds for {list funding.facilities funding.business_acquisition funding.operations funding.debt_repayment funding.securities funding.other}.",
    ],
    [
      "Payment is due on {payment_date}[ and the new shares are to be listed on {listing_date}].",
      "The record date for the allotment is {rights.record_date}.",
    ],
    ["The issue price is a {label rights.discount} of {rights.discount} to the base price of {rights.base_price}."],
  ],
  bonus_issue: [
    [
      "{company} decided on a bonus issue of {bonus.new_shares}[, {bonus.per_share}][; the record date is {bonus.record_date}].",
    ],
    ["It had {bonus.shares_before} before the issue."],
    ["The new shares are to be listed on {listing_date}."],
  ],
  share_exchange: [
    [
      "{company} decided on {exchange.kind} with {exchange.partner}.",
      "{company} decided on a share exchange with {exchange.partner}.",
    ],
    ["The exchange contract is dated {exchange.contract_date}[, and the exchange takes effect on {exchange.date}]."],
    ["The exchange takes effect on {exchange.date}."],
  ],
  bond_issue: [
    [
      "{company} decided to issue[ series {bond.series}] {bond.kind}[ with a face value of {bond.face_value}][ ({bond.face_value_foreign})][ by {bond.placement}].",
      "{company} decided to issue bonds with a face value of {bond.face_value}[ by {bond.placement}].",
    ],
    [
      "The bonds carry a coupon of {bond.coupon} and a yield to maturity of {bond.yield}[, maturing on {bond.maturity}].",
      "The bonds carry a coupon of {bond.coupon}[, maturing on {bond.maturity}].",
      "The bonds mature on {bond.maturity}.",
    ],
    CONVERSION,
    [
      "The conversion price can be reset to no lower than {bond.floor}.",
      "The lead manager is {bond.lead_manager}.",
      "Payment is due on {bond.payment_date}.",
    ],
  ],
  bond_call_option: [
    [
      "{company} reported that a call option was exercised on {call.face_value} of its series {bond.series} {bond.kind}[, {call.ratio} of the {bond.face_value} issue][, on {call.date}].",
    ],
    ["The bonds were bought for {call.price}[, settled on {call.payment_date}]."],
    CONVERSION,
    ["They were issued by {bond.placement} and mature on {bond.maturity}."],
  ],
  bond_resale: [
    [
      "{company} decided to resell {resale.face_value} of its series {bond.series} {bond.kind}, bought back before maturity, for {resale.amount}.",
    ],
    ["It had paid {resale.cost} to buy them back[, and the proceeds are due on {resale.payment_date}]."],
    CONVERSION,
    ["They were issued by {bond.placement} and mature on {bond.maturity}."],
  ],
  conversion_price_adjustment: [
    [
      "{company} adjusted the conversion price of its series {bond.series} bonds from {adjustment.price_before} to {adjustment.price_after}[ following {adjustment.reason}][, effective {adjustment.effective_date}].",
      "{company} adjusted the conversion price of its bonds from {adjustment.price_before} to {adjustment.price_after}[ following {adjustment.reason}][, effective {adjustment.effective_date}].",
    ],
    [
      "Shares issuable on conversion go from {adjustment.shares_before} to {adjustment.shares_after}[, on {bond.outstanding} of bonds not yet converted].",
    ],
  ],
  capital_reduction: [
    [
      "{company} decided to cancel {reduction.shares} by {reduction.method}[, {reduction.ratio} of its shares].",
      "{company} decided on a capital reduction by {reduction.method}.",
    ],
    [
      "Share capital goes from {reduction.capital_before} to {reduction.capital_after}[, and shares outstanding from {reduction.shares_before} to {reduction.shares_after}].",
    ],
    ["The record date is {reduction.record_date}[ and the shareholders' meeting is on {meeting_date}]."],
    ["Creditors may object from {reduction.objection_start} to {reduction.objection_end}."],
  ],
  holding_report: [
    [
      "{holding.holder} reported holding {holding.after_shares} of {company}[ ({holding.after_percent})][, {move holding.after_percent holding.before_percent holding.change_percent} in its previous report].",
    ],
    ["It reports {holding.reason}[; the stated purpose of the holding is {holding.purpose}]."],
    [
      "It is the company's {holding.relation}[ and reports the holding for {holding.purpose}].",
      "It reports the holding for {holding.purpose}.",
    ],
    [
      "Of these, {holding.contract_shares}[ ({holding.contract_percent})] are under {holding.contract_kind}.",
      "Of these, {holding.contract_shares}[ ({holding.contract_percent})] are under contracts such as pledges.",
    ],
    ["The reporting obligation arose on {holding.obligation_date}."],
  ],
  executive_holding: [
    [
      "{holding.holder}, an executive or major shareholder of {company}, reported holding {holding.after_shares}[, {move holding.after_shares holding.before_shares holding.change_shares}].",
    ],
  ],
  preliminary_results: RESULTS,
  debt_guarantee: [
    [
      "{company} decided to guarantee {guarantee.amount} of debt owed by {guarantee.debtor}[, its {guarantee.relation},][ to {guarantee.creditor}][, equal to {guarantee.equity_ratio} of its equity].",
    ],
    ["The underlying borrowing is {guarantee.debt_amount}."],
    ["Its guarantees outstanding total {guarantee.total}."],
    ["The guarantee runs from {guarantee.start} to {guarantee.end}.", "The board decided it on {decision_date}."],
  ],
  share_disposal: [
    [
      "{company} decided to sell {transfer.shares} of {transfer.target}[ to {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.equity_ratio} of its equity].",
      "{company} decided to sell its shares of {transfer.target}[ to {transfer.counterparty}] for {transfer.amount}.",
    ],
    ...TRANSFER_TAIL,
  ],
  share_acquisition: [
    [
      "{company} decided to buy {transfer.shares} of {transfer.target}[ from {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.equity_ratio} of its equity].",
      "{company} decided to buy shares of {transfer.target}[ from {transfer.counterparty}] for {transfer.amount}.",
    ],
    ...TRANSFER_TAIL,
  ],
  business_acquisition: [
    [
      "{company} decided to take over a business[ from {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.asset_ratio} of its total assets].",
    ],
    [
      "The business had revenue of {transfer.target_revenue}[, {transfer.target_revenue_ratio} of the company's own {transfer.company_revenue}].",
    ],
    ["The transaction is expected to close on {transfer.date}."],
  ],
  business_disposal: [
    [
      "{company} decided to transfer a business[ to {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.asset_ratio} of its total assets].",
    ],
    ["The transaction is expected to close on {transfer.date}."],
  ],
  asset_acquisition: [
    [
      "{company} decided to acquire assets[ from {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.asset_ratio} of its total assets].",
    ],
    ["The contract was signed on {transfer.contract_date}.", "The board decided it on {decision_date}."],
    ["The transfer is scheduled for {transfer.date}."],
  ],
  asset_disposal: [
    [
      "{company} decided to dispose of assets[ to {transfer.counterparty}] for {transfer.amount}[, equal to {transfer.asset_ratio} of its total assets].",
    ],
    ["The transfer is scheduled for {transfer.date}."],
  ],
  litigation: [
    [
      "{company} was sued by {litigation.plaintiff}[ in {litigation.kind}][ claiming {litigation.claim}][ at {litigation.court}].",
    ],
    ["The suit was filed on {litigation.filed_date}[ and the company confirmed it on {litigation.confirmed_date}]."],
  ],
  overseas_listing: [
    [
      "{company} decided to list depositary receipts for {listing.dr_shares} on {listing.exchange}[, with listing expected on {listing.date}].",
      "{company} decided to list {listing.other_shares} on {listing.exchange}[, with listing expected on {listing.date}].",
      "{company} decided to list {listing.shares} on {listing.exchange}[, with listing expected on {listing.date}].",
      "{company} decided to list its shares on {listing.exchange}[, with listing expected on {listing.date}].",
    ],
    ["The board decided it on {decision_date}."],
  ],
  overseas_delisting: [
    [
      "{company} decided to delist its shares from {delisting.exchange}[, with delisting expected on {delisting.date}].",
    ],
    ["It will apply on {delisting.application_date}."],
    ["The board decided it on {decision_date}."],
  ],
  dividend: [
    [
      "{company} declared a {dividend.kind}: {label dividend.per_share} of {dividend.per_share}[ and {label dividend.per_share_preferred} of {dividend.per_share_preferred}][, a market-price yield of {dividend.yield}].",
      "{company} declared a dividend: {label dividend.per_share} of {dividend.per_share}[, a market-price yield of {dividend.yield}].",
    ],
    ["Total dividends come to {dividend.total}."],
    ["The record date is {dividend.record_date}[ and payment is due on {dividend.payment_date}]."],
  ],
  largest_shareholder_change: [
    [
      "{company}'s largest shareholder changed[ from {control.before_holder}] to {control.after_holder}[, which holds {control.after_shares}][ ({control.after_percent})][, on {control.date}].",
    ],
  ],
  technology_licensing: [
    [
      "{company} is due to receive a licence milestone payment of {licence.milestone}.",
      "{company} signed a licence agreement with {contract.counterparty}[ that brings an upfront payment of {licence.upfront}][ and a total contract value of {licence.total}].",
    ],
    ["The matter disclosed: {material.subject}."],
    ["The board decided it on {decision_date}."],
  ],
  material_event: [
    [
      "{company} disclosed a contract worth {contract.amount}[ with {contract.counterparty}][, equal to {contract.revenue_ratio} of its recent annual revenue][, covering {contract.period}].",
      "{company} decided to contribute {contribution.amount}.",
      "{company} agreed to acquire a stake[ from {transfer.counterparty}] for {transfer.amount}[, with completion expected on {transfer.date}].",
      "{company} disclosed an update on its {trial.phase} clinical trial[ in {trial.subjects}][, approved on {trial.approval_date}][ by {trial.regulator}].",
      "{company} disclosed an agreement with {contract.counterparty}.",
      "{company} received approval of {approval.product}[ from {approval.regulator}] on {approval.date}[, after an application on {approval.application_date}].",
      "{company} applied for approval of {approval.product}[ to {approval.regulator}] on {approval.application_date}.",
      "{company} disclosed an investment of {investment.amount}[, for {investment.purpose}].",
      "{company} is due to receive a licence milestone payment of {licence.milestone}.",
    ],
    ["The matter disclosed: {material.subject}."],
    [
      "It agreed the deal with {contract.counterparty}.",
      "The trial application was filed on {trial.application_date}.",
    ],
    ["The decision was made on {decision_date}.", "The fact was confirmed on {fact_date}."],
  ],
};
