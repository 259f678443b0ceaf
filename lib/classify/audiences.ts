/**
 * Who a filing is actionable for (`actionableFor`). Tags are lowercase_with_underscores and
 * stable: clients filter on them, so a tag is only ever added, never renamed.
 */
export const AUDIENCE_TAGS = [
  {
    tag: "traders",
    description: "Short-horizon traders: news likely to move the price or change trading conditions within days.",
  },
  {
    tag: "long_term_investors",
    description: "Fundamental investors: changes to earnings power, capital structure, strategy or business scope.",
  },
  {
    tag: "creditors",
    description: "Bondholders, lenders and counterparties: solvency, leverage, guarantees, defaults and debt terms.",
  },
  {
    tag: "governance_watchers",
    description:
      "Governance and stewardship analysts: control, boards, related-party dealings, shareholder meetings and regulator actions.",
  },
  {
    tag: "merger_arbitrage",
    description:
      "Event-driven M&A investors: mergers, divisions, tender offers, share exchanges and control transactions.",
  },
  {
    tag: "dividend_investors",
    description: "Income investors: dividends, record dates, buybacks and share cancellations.",
  },
  {
    tag: "convertible_arbitrage",
    description:
      "Holders and arbitrageurs of convertible, exchangeable and warrant bonds: issuance, conversion, price resets, calls and puts.",
  },
  {
    tag: "esg_analysts",
    description: "Sustainability analysts: ESG and sustainability reports, serious accidents and misconduct.",
  },
] as const;

export type AudienceTag = (typeof AUDIENCE_TAGS)[number]["tag"];
