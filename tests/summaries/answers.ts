/**
 * Model-style answers for the real bodies (tests/summaries/corpus.ts), written by hand as a
 * model following the prompt would write them, in wording unlike the offline generator's:
 *
 * - HONEST: correct summaries of 40 real bodies (some proposing a fact beyond the sheet, as
 *   the prompt allows). The gate must accept at least 95% of them.
 * - ADVERSARIAL: wrong summaries of every kind the issue saw accepted (equity cited as the
 *   investment, shares held cited as bought, % of equity as % of revenue, revenue and
 *   operating loss swapped, "revenue rose 171.5%", percentage points as percent, the wrong
 *   series, a board date as the record date or the start, the wrong bank, lead manager or
 *   partner, an invented buyer, private called public, common called preferred, increase
 *   called decrease, a widening loss called narrowing, a summary stating no facts), several
 *   of each on several bodies, plus forged new facts. The gate must accept none.
 *
 * Placeholders are written by role ({contract.amount}); `cite` turns them into the sheet's
 * ids ({f2}), as a model reading the sheet would, and fails loudly when the sheet lacks one.
 */
import { buildFactSheet, type FactSheet, type ProposedFact, type SummaryInput } from "@/lib/summaries";
import * as constructed from "../fixtures/documents/constructed";
import { realInput, structuredInput } from "./corpus";
import { summaryInputOf } from "./support";

/** `{contract.amount}` → `{f2}`, `{move a b c}` → `{move f4 f7 f8}`, `{label a}` → `{label f12}`. */
export function cite(sheet: FactSheet, text: string): string {
  return text.replace(
    /\{(label |move )?([a-z_.]+(?: [a-z_.]+)*)\}/g,
    (whole, prefix: string | undefined, roles: string) => {
      if (roles === "company" || /^n\d+$/.test(roles)) return whole;
      const ids = roles.split(" ").map((role) => {
        const fact = sheet.facts.find((f) => f.role === role);
        if (!fact) throw new Error(`${sheet.rcptNo} has no ${role}`);
        return fact.id;
      });
      return `{${prefix ?? ""}${ids.join(" ")}}`;
    },
  );
}

export interface ScriptedAnswer {
  name: string;
  input: SummaryInput;
  /** With role placeholders; `answerOf` cites the sheet's ids. */
  summary: string;
  newFacts?: ProposedFact[];
}

export function answerOf(answer: ScriptedAnswer): {
  sheet: FactSheet;
  body: { summary: string; importanceScore: number; newFacts: ProposedFact[] };
} {
  const sheet = buildFactSheet(answer.input);
  return {
    sheet,
    body: {
      summary: cite(sheet, answer.summary),
      importanceScore: answer.input.classifierScore,
      newFacts: answer.newFacts ?? [],
    },
  };
}

const honest = (rcptNo: string, summary: string, newFacts?: ProposedFact[]): ScriptedAnswer => ({
  name: rcptNo,
  input: realInput(rcptNo),
  summary,
  newFacts,
});

export const HONEST: readonly ScriptedAnswer[] = [
  honest(
    "20260730800123",
    "{company} revised its preliminary figures for {results.period}. Revenue came to {revenue.current}, {move revenue.current revenue.year_ago revenue.yoy_change} a year earlier, while operating profit reached {operating_profit.current}, {move operating_profit.current operating_profit.year_ago operating_profit.yoy_change} a year before. The corrected revenue is {move revenue.current revenue.first_reported} first reported.",
  ),
  honest(
    "20220816001711",
    "In {results.period}, {company} booked revenue of {revenue.current} and operating profit of {operating_profit.current}, with net income of {net_income.current}. Revenue compares with {revenue.year_ago} a year earlier.",
  ),
  honest(
    "20260729900778",
    "{company} will guarantee {guarantee.amount} of borrowing by its {guarantee.relation} {guarantee.debtor} from {guarantee.creditor}, a guarantee worth {guarantee.equity_ratio} of its equity. The underlying loan is {guarantee.debt_amount}, and its total guarantees stand at {guarantee.total}.",
  ),
  honest(
    "20260415900781",
    "{company} cut the conversion price of its series {bond.series} bonds to {adjustment.price_after} from {adjustment.price_before}, after {adjustment.reason}, effective {adjustment.effective_date}. The bonds can now convert into {adjustment.shares_after}.",
  ),
  honest(
    "20260814004224",
    "{holding.holder}, the {holding.relation} of {company}, filed a change report showing {holding.after_shares} ({holding.after_percent}), of which {holding.contract_shares} are pledged or otherwise under contract. The obligation to report arose on {holding.obligation_date}.",
  ),
  honest(
    "20260821000493",
    "{holding.holder}, an insider at {company}, now holds {holding.after_shares}, {move holding.after_shares holding.before_shares holding.change_shares} in the previous report.",
  ),
  honest(
    "20260814903169",
    "{company} plans {ir.method} with {ir.audience} from {ir.start} to {ir.end}, covering its results for {results.period}. {ir.sponsor} is hosting the meetings.",
  ),
  honest(
    "20230201000001",
    "{company} plans to hand {treasury.shares} of treasury stock, worth {treasury.amount} at {treasury.price} a share, to staff for {treasury.purpose} between {treasury.start} and {treasury.end}. The shares move off the market through {treasury.broker}.",
  ),
  honest(
    "20230209000226",
    "{company} will sell {rights.new_shares} to outside investors through {rights.method} at {rights.issue_price} each, using the proceeds for {label funding.operations} ({funding.operations}). Payment is due {payment_date}.",
  ),
  honest(
    "20230403003950",
    "{company} is raising {bond.face_value} ({bond.face_value_foreign}) through {bond.kind} sold by {bond.placement}, with a coupon of {bond.coupon}, exchangeable at {bond.exchange_price} into {bond.exchange_target}. The bonds mature on {bond.maturity}.",
  ),
  honest(
    "20230526000499",
    "{holding.holder} disclosed a new stake of {holding.after_shares} in {company}, equal to {holding.after_percent}, held for {holding.purpose}.",
  ),
  honest(
    "20230623000001",
    "{company} will pull its depositary receipts from {delisting.exchange}, with the delisting expected on {delisting.date}; the board approved it on {decision_date}.",
  ),
  honest(
    "20230705000393",
    "{holding.holder} now holds {holding.after_shares} of {company}, a stake of {holding.after_percent}, {move holding.after_percent holding.before_percent} in its last report.",
  ),
  honest(
    "20231027800429",
    "{company} agreed a {contract.kind} valued at {contract.amount}, or {contract.revenue_ratio} of its recent annual revenue, running from {contract.start} until {contract.end}. The counterparty is withheld until {contract.deferral_end}.",
  ),
  honest(
    "20240306000351",
    "{company} will retire {reduction.shares} through {reduction.method}, taking its share capital from {reduction.capital_before} to {reduction.capital_after}. The record date is {reduction.record_date}.",
  ),
  honest(
    "20240424800596",
    "{company} approved a {investment.kind} costing {investment.amount}, about {investment.equity_ratio} of its equity, to run from {investment.start} to {investment.end}.",
  ),
  honest(
    "20240618800206",
    "{company} put {investment.amount} into a {investment.kind}, equal to {investment.equity_ratio} of its equity; the corrected end date is {investment.end}.",
  ),
  honest(
    "20240813800252",
    "{company} will spend {investment.amount} on a {investment.kind}, {investment.equity_ratio} of its equity, finishing by {investment.end}.",
  ),
  honest(
    "20241030000276",
    "{holding.holder} reported {holding.after_shares} in {company}, a stake of {holding.after_percent}, {move holding.after_percent holding.before_percent} in the previous report, held for {holding.purpose}.",
  ),
  honest(
    "20241205000567",
    "{company} will issue {rights.new_shares} in {rights.method} priced at {rights.issue_price}, spending the money on {label funding.facilities} ({funding.facilities}), {label funding.business_acquisition} ({funding.business_acquisition}) and {label funding.debt_repayment} ({funding.debt_repayment}). Payment falls on {payment_date}.",
  ),
  honest(
    "20241231800557",
    "{company} ended a {contract.kind} with {contract.counterparty} worth {termination.amount}, which had made up {termination.revenue_ratio} of its recent annual revenue. It was cancelled on {termination.date}.",
  ),
  honest(
    "20250207000688",
    "{holding.holder}, the {holding.relation}, reported holding {holding.after_shares} of {company}, or {holding.after_percent}.",
  ),
  honest(
    "20250221001944",
    "{company} agreed to sell {transfer.shares} of {transfer.target} to {transfer.counterparty} for {transfer.amount}, a deal equal to {transfer.equity_ratio} of its equity, due to close on {transfer.date}.",
  ),
  honest(
    "20250317000576",
    "{company} set {transfer.date} as the final closing of its {transfer.amount} takeover of a business from {transfer.counterparty}; that business had revenue of {transfer.target_revenue}.",
  ),
  honest(
    "20250317900376",
    "{company} licensed its technology to {contract.counterparty}, which will pay {licence.upfront} up front.",
  ),
  honest(
    "20250331802527",
    "{company} terminated a {contract.kind} worth {termination.amount} with {contract.counterparty}, an amount equal to {termination.revenue_ratio} of its recent annual revenue, on {termination.date}.",
  ),
  honest(
    "20250411800115",
    "{company} won a {contract.kind} worth {contract.amount} from {contract.counterparty}, equal to {contract.revenue_ratio} of its recent annual revenue; the work runs to {contract.end}.",
  ),
  honest(
    "20250730800046",
    "{company} signed a {contract.kind} worth {contract.amount}, or {contract.revenue_ratio} of its recent annual revenue, for supplies from {contract.start} to {contract.end}. The customer's name is withheld until {contract.deferral_end}.",
  ),
  honest(
    "20250814003240",
    "{company} will repurchase {treasury.shares} for {treasury.amount} via {treasury.method} between {treasury.start} and {treasury.end}, for {treasury.purpose}.",
  ),
  honest(
    "20250818000219",
    "A call option was exercised on {call.face_value} of {company}'s series {bond.series} {bond.kind}, {call.ratio} of the issue, on {call.date}; the bonds were bought for {call.price}.",
  ),
  honest(
    "20250915800004",
    "{company} won a {contract.kind} from {contract.counterparty} worth {contract.amount}, equal to {contract.revenue_ratio} of its recent annual revenue, running from {contract.start} to {contract.end}.",
  ),
  honest(
    "20250918000358",
    "{holding.holder}, {company}'s {holding.relation}, reported {holding.after_shares} ({holding.after_percent}), {move holding.after_percent holding.before_percent} in its previous report.",
  ),
  honest(
    "20250929800006",
    "{company} was chosen to build a redevelopment project for {contract.counterparty}, a contract of {contract.amount} equal to {contract.revenue_ratio} of its recent annual revenue.",
  ),
  honest(
    "20251016800144",
    "{company} will invest {investment.amount} in a {investment.kind} through {investment.end}, equal to {investment.equity_ratio} of its equity.",
  ),
  honest(
    "20251029000121",
    "{company} will hand out {bonus.new_shares} free to shareholders, {bonus.per_share}, with {bonus.record_date} as the record date.",
  ),
  honest(
    "20251226800706",
    "{company} scrapped a {contract.kind} with {contract.counterparty} worth {termination.amount}, equal to {termination.revenue_ratio} of its recent annual revenue, on {termination.date}.",
  ),
  honest(
    "20260108000598",
    "{litigation.plaintiff} sued {company} in {litigation.kind} at {litigation.court}; the suit was filed on {litigation.filed_date}.",
  ),
  honest(
    "20260128800054",
    "{company} signed a {contract.kind} with {contract.counterparty} worth {contract.amount}, or {contract.revenue_ratio} of its recent annual revenue, running until {contract.end}.",
  ),
  honest(
    "20260206801724",
    "{company} agreed to take a stake in a joint venture from {contract.counterparty} for {transfer.amount}, aiming to complete the purchase on {transfer.date}.",
  ),
  honest(
    "20260225801974",
    "{company} will build out capacity in a {investment.kind} of {investment.amount}, equal to {investment.equity_ratio} of its equity, over {investment.start} to {investment.end}.",
  ),
  honest(
    "20260310002968",
    "{company} will resell {resale.face_value} of its series {bond.series} {bond.kind}, which it had bought back for {resale.cost}, for {resale.amount}; it expects the proceeds on {resale.payment_date}.",
  ),
];

// ---------- the wrong ones ----------

const wrong = (name: string, input: SummaryInput, summary: string, newFacts?: ProposedFact[]): ScriptedAnswer => ({
  name,
  input,
  summary,
  newFacts,
});
const LOSS = summaryInputOf({
  eventType: "PRELIMINARY_RESULTS",
  reportNm: "영업(잠정)실적(공정공시)",
  body: constructed.PRELIMINARY_LOSS,
});
const RIGHTS = summaryInputOf({
  eventType: "RIGHTS_OFFERING",
  reportNm: "주요사항보고서(유상증자결정)",
  body: constructed.RIGHTS_OFFERING,
});
const DIVIDEND = summaryInputOf({
  eventType: "DIVIDEND_DECISION",
  reportNm: "현금ㆍ현물배당결정",
  body: constructed.DIVIDEND,
});
const CB = structuredInput();
const r = realInput;

/** Each kind of wrong summary the issue found accepted, several of each, on several bodies. */
export const ADVERSARIAL: readonly ScriptedAnswer[] = [
  // Equity cited as the investment.
  wrong(
    "equity as the investment (SK hynix M15X)",
    r("20240424800596"),
    "{company} will invest {equity} in a {investment.kind}, equal to {investment.equity_ratio} of its equity, from {investment.start} to {investment.end}; the outlay is {investment.amount}.",
  ),
  wrong(
    "equity as the investment (HMM)",
    r("20251016800144"),
    "{company} approved an investment of {equity} in a {investment.kind}, {investment.equity_ratio} of its equity, ending {investment.end}; it values the plan at {investment.amount}.",
  ),
  wrong(
    "equity as the investment (SK hynix 2026)",
    r("20260225801974"),
    "{company} decided to invest {equity}, or {investment.equity_ratio} of its equity, in a {investment.kind} worth {investment.amount} ending {investment.end}.",
  ),
  // Shares already held cited as shares bought.
  wrong(
    "shares held as bought (NPS in KB)",
    r("20260202000968"),
    "{holding.holder} bought {holding.after_shares} of {company}, a stake of {holding.after_percent}.",
  ),
  wrong(
    "shares held as bought (KDB in HMM)",
    r("20250918000358"),
    "{holding.holder} purchased {holding.before_shares} of {company} and now holds {holding.after_shares} ({holding.after_percent}).",
  ),
  wrong(
    "treasury held as bought (SK hynix)",
    r("20230201000001"),
    "{company} bought {treasury.held_shares} and will now dispose of {treasury.shares} for {treasury.amount}, ending {treasury.end}.",
  ),
  wrong(
    "shares held as acquired (Alteogen)",
    r("20241121000172"),
    "{holding.holder} acquired {holding.after_shares} of {company}, taking a stake of {holding.after_percent}.",
  ),
  // % of equity stated as % of revenue.
  wrong(
    "equity ratio as revenue ratio (HMM ships)",
    r("20240618800206"),
    "{company} will invest {investment.amount} in a {investment.kind}, equal to {investment.equity_ratio} of its annual revenue, through {investment.end}.",
  ),
  wrong(
    "equity ratio as revenue ratio (guarantee)",
    r("20260729900778"),
    "{company} will guarantee {guarantee.amount} of debt owed by {guarantee.debtor} to {guarantee.creditor}, equal to {guarantee.equity_ratio} of its recent revenue.",
  ),
  wrong(
    "equity ratio as revenue ratio (Hyosung)",
    r("20250730800037"),
    "{company} decided on a {investment.kind} worth {investment.amount}, or {investment.equity_ratio} of its sales, ending {investment.end}.",
  ),
  // Revenue and operating loss swapped.
  wrong(
    "revenue and operating profit swapped (Samsung)",
    r("20260730800123"),
    "{company} reported results for {results.period}: revenue of {operating_profit.current} and operating profit of {revenue.current}.",
  ),
  wrong(
    "revenue and operating loss swapped (constructed loss)",
    LOSS,
    "{company} reported results for {results.period}: revenue of {operating_profit.current} and an operating loss of {revenue.current}.",
  ),
  wrong(
    "revenue and operating profit swapped (half-year)",
    r("20220816001711"),
    "{company} reported revenue of {operating_profit.current} for {results.period}, with operating profit of {revenue.current} and net income of {net_income.current}.",
  ),
  // "Revenue rose 171.5%" when revenue was KRW 171.5 trillion.
  wrong(
    "revenue rose its own amount",
    r("20260730800123"),
    "{company} said revenue rose {revenue.current} in {results.period}, and operating profit was {operating_profit.current}.",
  ),
  wrong(
    "revenue up its amount in percent, typed",
    r("20260730800123"),
    "{company} said revenue grew 171.5% in {results.period} to {revenue.current}, with operating profit of {operating_profit.current}.",
  ),
  wrong(
    "revenue rose its own amount (half-year)",
    r("20220816001711"),
    "{company} said revenue rose {revenue.current} in {results.period}, with operating profit of {operating_profit.current} and net income of {net_income.current}.",
  ),
  wrong(
    "growth rate cited as revenue",
    r("20260730800123"),
    "For {results.period}, {company} reported revenue of {revenue.yoy_change} and operating profit of {operating_profit.current}.",
  ),
  // Qualifiers dropped: another business's revenue presented as the company's, or the reverse.
  wrong(
    "remaining business's revenue as the company's (spin-off, constructed)",
    summaryInputOf({ eventType: "SPIN_OFF", reportNm: "주요사항보고서(회사분할결정)", body: constructed.SPIN_OFF }),
    "{company} decided on {spinoff.method}, creating {spinoff.new_company} on {spinoff.date}; the company's revenue is {spinoff.remaining_revenue}.",
  ),
  wrong(
    "the company's revenue as the acquired business's (Intel NAND)",
    r("20250317000576"),
    "{company} will take over a business from {transfer.counterparty} for {transfer.amount} on {transfer.date}; the business had revenue of {transfer.company_revenue}.",
  ),
  // Percentage points stated as percent.
  wrong(
    "stake change typed in percent (Alteogen)",
    r("20241030000276"),
    "{holding.holder} reported {holding.after_shares} of {company}, its stake falling 1.06 percent to {holding.after_percent}.",
  ),
  wrong(
    "stake change as percentage points, typed",
    r("20250918000358"),
    "{holding.holder} reported {holding.after_shares} in {company}, a stake of {holding.after_percent}, down 3.42 percentage points.",
  ),
  wrong(
    "percentage typed after a stake",
    r("20260202000968"),
    "{holding.holder} reported holding {holding.after_shares} in {company}, a stake of {holding.after_percent}, one percentage point more than before.",
  ),
  // The wrong series number.
  wrong(
    "series from the conversion shares",
    r("20250818000219"),
    "A call option was exercised on {call.face_value} of {company}'s series {bond.conversion_shares} bonds on {call.date}, for {call.price}.",
  ),
  wrong(
    "series typed",
    r("20260310002968"),
    "{company} will resell {resale.face_value} of its series 15 bonds for {resale.amount}, with the proceeds due on {resale.payment_date}.",
  ),
  wrong(
    "series from the coupon",
    CB,
    "{company} will issue series {bond.coupon} {bond.kind} with a face value of {bond.face_value} by {bond.placement}, convertible at {bond.conversion_price}, maturing on {bond.maturity}.",
  ),
  // A board date passed off as the record date or the start of works.
  wrong(
    "board date as record date (rights)",
    RIGHTS,
    "{company} will issue {rights.new_shares} through {rights.method} at {rights.issue_price}; the record date is {decision_date} and payment is due on {payment_date}.",
  ),
  wrong(
    "board date as record date (capital reduction)",
    r("20240306000351"),
    "{company} will cancel {reduction.shares} by {reduction.method}; the record date is {decision_date}.",
  ),
  wrong(
    "board date as construction start (LS Electric)",
    r("20240813800252"),
    "{company} will spend {investment.amount} on a {investment.kind}, {investment.equity_ratio} of its equity; construction starts on {decision_date} and ends on {investment.end}.",
  ),
  wrong(
    "board date as the start (dividend)",
    DIVIDEND,
    "{company} declared a {dividend.kind} of {dividend.per_share} per share; the record date is {decision_date}, and payment starts on {dividend.payment_date}.",
  ),
  // The wrong bank, lead manager or partner (names that appear elsewhere in the filing).
  wrong(
    "debtor as the bank",
    r("20260729900778"),
    "{company} will guarantee {guarantee.amount} of a loan from the bank {guarantee.debtor}, equal to {guarantee.equity_ratio} of its equity.",
  ),
  wrong(
    "bank typed",
    r("20260729900778"),
    "{company} will guarantee {guarantee.amount} of debt owed by {guarantee.debtor} to KB Kookmin Bank, equal to {guarantee.equity_ratio} of its equity.",
  ),
  wrong(
    "broker as lead manager",
    r("20230201000001"),
    "{company} will sell {treasury.shares} for {treasury.amount} by {treasury.end}, with lead manager {treasury.broker}.",
  ),
  wrong(
    "lead manager typed",
    r("20230403003950"),
    "{company} will issue {bond.face_value} of {bond.kind} by {bond.placement}, exchangeable at {bond.exchange_price}, maturing on {bond.maturity}, arranged by Goldman Sachs International.",
  ),
  wrong(
    "partner from the target company",
    r("20250221001944"),
    "{company} will sell {transfer.shares} of {transfer.target} for {transfer.amount} to its partner {transfer.target}, closing on {transfer.date}.",
  ),
  // An invented buyer.
  wrong(
    "invented buyer typed",
    r("20260310002968"),
    "{company} will resell {resale.face_value} of its series {bond.series} bonds to Samsung Securities for {resale.amount}, receiving the money on {resale.payment_date}.",
  ),
  wrong(
    "buyer from the plaintiff",
    r("20260108000598"),
    "{company} named the buyer {litigation.plaintiff} in {litigation.kind} at {litigation.court}, filed on {litigation.filed_date}.",
  ),
  wrong(
    "invented buyer in lower case",
    r("20250221001944"),
    "{company} will sell {transfer.shares} of {transfer.target} to sm entertainment for {transfer.amount} on {transfer.date}, to {transfer.counterparty}.",
  ),
  // A private placement called public.
  wrong(
    "private called public (CB record)",
    CB,
    "{company} will make a public offering of series {bond.series} {bond.kind} worth {bond.face_value}, convertible at {bond.conversion_price}, maturing on {bond.maturity}.",
  ),
  wrong(
    "private called public (EB)",
    r("20230403003950"),
    "{company} publicly offered {bond.kind} worth {bond.face_value}, exchangeable at {bond.exchange_price}, maturing on {bond.maturity}.",
  ),
  wrong(
    "private called public (call option)",
    r("20250818000219"),
    "A call option was exercised on {call.face_value} of {company}'s publicly issued series {bond.series} {bond.kind} on {call.date}, for {call.price}.",
  ),
  // Common shares called preferred.
  wrong(
    "common called preferred (rights)",
    r("20241205000567"),
    "{company} will issue {rights.new_shares} of preferred stock through {rights.method} at {rights.issue_price}, paid on {payment_date}.",
  ),
  wrong(
    "common called preferred (treasury)",
    r("20250814003240"),
    "{company} will buy back {treasury.shares} of preferred shares for {treasury.amount} via {treasury.method}, ending {treasury.end}.",
  ),
  wrong(
    "common called preferred (bonus issue)",
    r("20251029000121"),
    "{company} will issue {bonus.new_shares} as preferred shares free, {bonus.per_share}, record date {bonus.record_date}.",
  ),
  // Increase called decrease.
  wrong(
    "stake increase called decrease, typed",
    r("20260202000968"),
    "{holding.holder} decreased its stake in {company} to {holding.after_shares} ({holding.after_percent}).",
  ),
  wrong(
    "stake comparison reversed",
    r("20241121000172"),
    "{holding.holder} reported {holding.after_shares} of {company} ({holding.after_percent}); its earlier stake was {move holding.before_percent holding.after_percent}.",
  ),
  wrong(
    "revenue increase called a fall",
    r("20260730800123"),
    "{company} reported revenue of {revenue.current} for {results.period}, which fell from {revenue.year_ago}, and operating profit of {operating_profit.current}.",
  ),
  // A widening loss called narrowing.
  wrong(
    "widening loss called narrowing, typed",
    LOSS,
    "{company} reported revenue of {revenue.current} for {results.period}; its operating loss of {operating_profit.current} narrowed from {operating_profit.year_ago}.",
  ),
  wrong(
    "narrowing typed on a profit (half-year)",
    r("20220816001711"),
    "{company} reported revenue of {revenue.current} for {results.period}; operating profit of {operating_profit.current} narrowed from {operating_profit.year_ago}, and net income was {net_income.current}.",
  ),
  wrong(
    "a loss called a profit",
    LOSS,
    "{company} reported revenue of {revenue.current} for {results.period} and operating profit of {operating_profit.current}.",
  ),
  wrong(
    "a loss called a profit year to date",
    LOSS,
    "{company} reported revenue of {revenue.current} for {results.period}; operating profit year to date was {operating_profit.cumulative}, with {label operating_profit.current} of {operating_profit.current}.",
  ),
  // A summary stating no facts at all.
  wrong(
    "no facts (supply contract)",
    r("20250915800004"),
    "{company} disclosed a single sales or supply contract, a construction order in the Middle East that it describes in its filing.",
  ),
  wrong(
    "no facts (holding report)",
    r("20250319000291"),
    "A large investor filed a report on its holding in {company}, as the rules on large holdings require.",
  ),
  wrong(
    "no facts (rights offering)",
    r("20230209000226"),
    "{company} decided on a rights offering to bring in new investors and strengthen its overseas business.",
  ),
  // Facts forged as new facts.
  wrong(
    "new fact without a role",
    r("20231027800429"),
    "{company} agreed a {contract.kind} valued at {contract.amount}, or {contract.revenue_ratio} of its recent annual revenue, running from {contract.start} until {contract.end}. The deal covers {n1}.",
    [{ id: "n1", role: null, kind: "count", label: "6. 주요 계약조건", value: "선박 4척 장기대선계약" }],
  ),
  wrong(
    "new fact with cells not in the body",
    r("20250411800115"),
    "{company} won a {contract.kind} worth {contract.amount} from {contract.counterparty}, {contract.revenue_ratio} of its recent annual revenue, with a bonus of {n1}.",
    [{ id: "n1", role: "transfer.amount", kind: "amount", label: "성과보수", value: "5,000,000,000" }],
  ),
  wrong(
    "new fact under a label of another role",
    r("20250411800115"),
    "{company} won a {contract.kind} worth {contract.amount} from {contract.counterparty}, {contract.revenue_ratio} of its recent annual revenue, with an investment of {n1}.",
    [{ id: "n1", role: "investment.amount", kind: "amount", label: "최근매출액(원)", value: "411,800,000,000" }],
  ),
  wrong(
    "new fact whose value is not that cell's",
    r("20260128800054"),
    "{company} signed a {contract.kind} with {contract.counterparty} worth {contract.amount}, {contract.revenue_ratio} of its recent annual revenue, ending {contract.end}, on {n1}.",
    [{ id: "n1", role: "bond.maturity", kind: "date", label: "계약금액(원)", value: "65,806,119,333" }],
  ),
];
