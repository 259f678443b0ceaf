import type { AudienceTag } from "./audiences";

export type NumericExpectation = "HIGH" | "LOW";

export interface EventTypeDefinition {
  /** Canonical name, `^[A-Z]+(_[A-Z]+)*$`. */
  readonly eventType: string;
  readonly labelEn: string;
  /** Importance (1–10) of a company's own, original filing of this type; see IMPORTANCE_RUBRIC. */
  readonly defaultScore: number;
  /** Whether filings of this type normally carry hard numbers (amounts, prices, ratios, dates). */
  readonly numericExpectation: NumericExpectation;
  readonly actionableFor: readonly AudienceTag[];
  readonly description: string;
}

/**
 * The event-type vocabulary. The first 61 names and labels are those of the existing service
 * with the same interface (reference/event_type_vocabulary.csv) and must not be renamed; the
 * rest were added for titles the real filing data needs. Grouped by theme, not alphabetically.
 */
export const EVENT_TYPES = [
  // Distress, delisting and exchange sanctions.
  {
    eventType: "DELISTING",
    labelEn: "Delisting",
    defaultScore: 10,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description: "The exchange decides to delist the shares, or delisting (liquidation trading) begins.",
  },
  {
    eventType: "DELISTING_RISK",
    labelEn: "Delisting or Administrative Issue Warning",
    defaultScore: 8,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description:
      "Exchange notices that a company meets a delisting criterion, faces a listing-eligibility review or administrative-issue designation.",
  },
  {
    eventType: "TRADING_SUSPENSION",
    labelEn: "Trading Suspension",
    defaultScore: 9,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors"],
    description: "The exchange halts trading in the shares; technical halts (share splits, bonus issues) score lower.",
  },
  {
    eventType: "TRADING_RESUMPTION",
    labelEn: "Trading Resumption",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "The exchange lifts a trading halt.",
  },
  {
    eventType: "BANKRUPTCY",
    labelEn: "Bankruptcy / Rehabilitation Proceeding",
    defaultScore: 10,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description: "Bankruptcy petitions, court rehabilitation and creditor-bank workouts, and their outcomes.",
  },
  {
    eventType: "DISSOLUTION",
    labelEn: "Dissolution",
    defaultScore: 9,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description:
      "A cause for dissolution arises (for a SPAC: failure to merge in time) and the company is to be liquidated.",
  },
  {
    eventType: "BOND_DEFAULT",
    labelEn: "Bond Principal or Interest Default",
    defaultScore: 10,
    numericExpectation: "HIGH",
    actionableFor: ["creditors", "traders", "long_term_investors"],
    description: "The company fails to pay principal or interest on its bonds.",
  },
  {
    eventType: "DEBT_DEFAULT",
    labelEn: "Debt Default",
    defaultScore: 10,
    numericExpectation: "HIGH",
    actionableFor: ["creditors", "traders", "long_term_investors"],
    description: "Dishonoured bills, suspension of bank transactions or another default on debt.",
  },
  {
    eventType: "BUSINESS_SUSPENSION",
    labelEn: "Suspension of Business",
    defaultScore: 9,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description: "All or a major part of the business is suspended, by the company or by an authority.",
  },
  {
    eventType: "EMBEZZLEMENT_ALLEGATION",
    labelEn: "Embezzlement or Breach of Trust",
    defaultScore: 9,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "creditors", "governance_watchers"],
    description:
      "Embezzlement or breach of trust by executives is alleged or confirmed; often triggers a listing review.",
  },
  {
    eventType: "UNFAITHFUL_DISCLOSURE",
    labelEn: "Unfaithful Disclosure Designation",
    defaultScore: 7,
    numericExpectation: "LOW",
    actionableFor: ["traders", "governance_watchers"],
    description:
      "The exchange designates (or gives notice it may designate) the company an unfaithful-disclosure corporation.",
  },
  {
    eventType: "MARKET_WARNING",
    labelEn: "Exchange Market Warning",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description:
      "Investment caution, warning or risk designations, short-term overheating and short-selling overheating.",
  },
  {
    eventType: "EXCHANGE_INQUIRY",
    labelEn: "Exchange Inquiry",
    defaultScore: 6,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "The exchange requires the company to explain an unusual price move or a rumour (조회공시요구).",
  },
  {
    eventType: "RUMOR_CLARIFICATION",
    labelEn: "Response to Market Rumor / Press Report",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "The company answers an exchange inquiry or clarifies a rumour or press report.",
  },
  {
    eventType: "MARKET_NOTICE",
    labelEn: "Exchange Market Notice",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "Other exchange notices: ex-rights dates, additional or changed listings, general guidance.",
  },

  // Capital raising and dilution.
  {
    eventType: "RIGHTS_OFFERING",
    labelEn: "Rights Offering (Paid-in Capital Increase)",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "A paid-in capital increase (new shares for cash) and its pricing steps.",
  },
  {
    eventType: "BONUS_ISSUANCE",
    labelEn: "Bonus Share Issuance",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "dividend_investors"],
    description: "A capital increase without consideration (free shares to existing holders).",
  },
  {
    eventType: "CONVERTIBLE_BOND_ISSUANCE",
    labelEn: "Convertible Bond Issuance",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "convertible_arbitrage", "creditors"],
    description: "A decision to issue convertible bonds: potential dilution at the stated conversion price.",
  },
  {
    eventType: "WARRANT_BOND_ISSUANCE",
    labelEn: "Bond with Warrant Issuance",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "convertible_arbitrage", "creditors"],
    description: "A decision to issue bonds with warrants: potential dilution at the stated exercise price.",
  },
  {
    eventType: "EXCHANGEABLE_BOND_ISSUANCE",
    labelEn: "Exchangeable Bond Issuance",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "convertible_arbitrage", "creditors"],
    description: "A decision to issue bonds exchangeable into shares the company holds (often its treasury stock).",
  },
  {
    eventType: "DEBT_ISSUANCE",
    labelEn: "Debt Securities Issuance",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["creditors", "long_term_investors"],
    description: "Straight or contingent-capital bond issuance decisions.",
  },
  {
    eventType: "BORROWING",
    labelEn: "Borrowing Decision",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["creditors", "long_term_investors"],
    description: "A decision to increase borrowings (short-term loans, REIT borrowings).",
  },
  {
    eventType: "SECURITIES_ISSUANCE_RESULT",
    labelEn: "Securities Issuance Result",
    defaultScore: 3,
    numericExpectation: "HIGH",
    actionableFor: ["long_term_investors", "creditors"],
    description: "Reports of how an offering went: subscription results, amounts raised, securities issued.",
  },
  {
    eventType: "PROSPECTUS_FILING",
    labelEn: "Securities Prospectus Filing",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "creditors"],
    description:
      "Registration statements, prospectuses and shelf supplements (including securities firms' routine derivative-linked notes).",
  },
  {
    eventType: "SHELF_REGISTRATION_EFFECTIVE",
    labelEn: "Shelf Registration Effective Notice",
    defaultScore: 1,
    numericExpectation: "LOW",
    actionableFor: ["creditors"],
    description: "The FSS notice that a registration statement has become effective.",
  },
  {
    eventType: "ASSET_BACKED_SECURITIES",
    labelEn: "Asset-Backed Securities Notice",
    defaultScore: 1,
    numericExpectation: "LOW",
    actionableFor: ["creditors"],
    description: "Securitisation plans, transfer registrations and material events of securitisation vehicles.",
  },

  // Convertible-bond life cycle.
  {
    eventType: "CONVERSION_PRICE_ADJUSTMENT",
    labelEn: "Conversion Price Adjustment",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["convertible_arbitrage", "traders"],
    description: "A reset of the conversion, warrant exercise or exchange price (usually downward, raising dilution).",
  },
  {
    eventType: "CONVERTIBLE_BOND_CONVERSION",
    labelEn: "Conversion or Exchange Right Exercised",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["convertible_arbitrage", "traders"],
    description: "Bondholders convert or exercise warrants: new shares reach the market.",
  },
  {
    eventType: "BOND_REDEMPTION",
    labelEn: "Bond Redemption",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["convertible_arbitrage", "creditors"],
    description: "The company buys back, redeems or cancels its bonds before maturity (often after a put).",
  },
  {
    eventType: "CONVERTIBLE_BOND_RESALE",
    labelEn: "Resale of Repurchased Convertible Bonds",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["convertible_arbitrage", "traders", "governance_watchers"],
    description: "Convertible or warrant bonds the company bought back are sold again: the dilution returns.",
  },
  {
    eventType: "CONVERTIBLE_BOND_CALL_OPTION",
    labelEn: "Convertible Bond Call Option Designation",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["convertible_arbitrage", "governance_watchers"],
    description:
      "A call option on the company's convertible or warrant bonds is assigned to, or exercised by, a designee.",
  },

  // Shareholder returns and share-count changes.
  {
    eventType: "DIVIDEND_DECISION",
    labelEn: "Dividend Decision",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["dividend_investors", "long_term_investors"],
    description: "Cash or in-kind dividends, including quarterly, interim and REIT or ship-fund distributions.",
  },
  {
    eventType: "RECORD_DATE_NOTICE",
    labelEn: "Record Date / Shareholder Register Closure",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["dividend_investors"],
    description: "A record date or closure of the shareholder register, for a dividend or a meeting.",
  },
  {
    eventType: "TREASURY_STOCK_ACQUISITION",
    labelEn: "Treasury Stock Acquisition",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "dividend_investors", "long_term_investors"],
    description: "A decision to buy back shares directly, and the report of the result.",
  },
  {
    eventType: "TREASURY_STOCK_DISPOSAL",
    labelEn: "Treasury Stock Disposal",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "A decision to sell or hand out treasury shares (supply returning to the market), and the result.",
  },
  {
    eventType: "TREASURY_STOCK_CANCELLATION",
    labelEn: "Treasury Stock Cancellation",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["dividend_investors", "long_term_investors", "traders"],
    description: "A decision to cancel (retire) shares.",
  },
  {
    eventType: "TREASURY_STOCK_TRUST",
    labelEn: "Treasury Stock Trust Contract",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["dividend_investors", "traders"],
    description:
      "A buyback through a trust contract with a securities firm: signing, termination, extension, progress.",
  },
  {
    eventType: "STOCK_SPLIT",
    labelEn: "Stock Split",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "A decision to split shares (par value division).",
  },
  {
    eventType: "STOCK_CONSOLIDATION",
    labelEn: "Stock Consolidation (Reverse Split)",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "A decision to consolidate shares (reverse split).",
  },
  {
    eventType: "CAPITAL_REDUCTION",
    labelEn: "Capital Reduction",
    defaultScore: 8,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description: "A decision to reduce share capital, usually to absorb losses.",
  },

  // M&A, restructuring and control.
  {
    eventType: "MERGER",
    labelEn: "Merger Decision",
    defaultScore: 8,
    numericExpectation: "HIGH",
    actionableFor: ["merger_arbitrage", "traders", "long_term_investors"],
    description: "A merger decision, its registration statement and its completion report.",
  },
  {
    eventType: "SPIN_OFF",
    labelEn: "Spin-off / Corporate Division",
    defaultScore: 7,
    numericExpectation: "LOW",
    actionableFor: ["merger_arbitrage", "long_term_investors", "traders"],
    description: "A company division (spin-off or split-off into a subsidiary) or division-merger.",
  },
  {
    eventType: "SHARE_EXCHANGE",
    labelEn: "Comprehensive Share Exchange / Transfer",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["merger_arbitrage", "traders", "long_term_investors"],
    description: "A comprehensive share exchange or transfer (a company made wholly owned by another).",
  },
  {
    eventType: "ACQUISITION",
    labelEn: "Acquisition of Shares / Equity Investment",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["merger_arbitrage", "long_term_investors", "traders"],
    description: "Acquisition of another company's shares or equity securities, or of stock-related bonds.",
  },
  {
    eventType: "BUSINESS_TRANSFER",
    labelEn: "Business Transfer",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["merger_arbitrage", "long_term_investors"],
    description: "Acquisition or transfer of a business (영업양수ㆍ양도).",
  },
  {
    eventType: "ASSET_ACQUISITION",
    labelEn: "Asset Acquisition Decision",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["long_term_investors", "creditors"],
    description: "Acquisition of tangible or non-current assets (land, buildings, plants; REIT property).",
  },
  {
    eventType: "ASSET_DISPOSAL",
    labelEn: "Asset Disposal Decision",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["long_term_investors", "creditors", "merger_arbitrage"],
    description: "Disposal of tangible assets, of shares in other companies, or of other material assets.",
  },
  {
    eventType: "PUBLIC_TENDER_OFFER_RESULT",
    labelEn: "Tender Offer Result",
    defaultScore: 8,
    numericExpectation: "HIGH",
    actionableFor: ["merger_arbitrage", "traders"],
    description: "Tender offers for the shares: the offer, the target's opinion and the result.",
  },
  {
    eventType: "CONTROL_CHANGE",
    labelEn: "Change of Largest Shareholder",
    defaultScore: 8,
    numericExpectation: "LOW",
    actionableFor: ["traders", "governance_watchers", "merger_arbitrage"],
    description:
      "The largest shareholder changes, or a contract that will change it (or management control) is signed.",
  },
  {
    eventType: "CONTROL_CHANGE_PLEDGE",
    labelEn: "Share Pledge Entailing Control Change",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "governance_watchers", "creditors"],
    description:
      "The largest shareholder pledges shares such that enforcement would change control (or releases the pledge).",
  },
  {
    eventType: "SHARE_PLEDGE",
    labelEn: "Share Pledge Agreement",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["governance_watchers", "creditors"],
    description: "Other share pledge agreements by major shareholders.",
  },
  {
    eventType: "AFFILIATE_CHANGE",
    labelEn: "Change of Affiliates",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers", "long_term_investors"],
    description: "A company joins or leaves the business group or the holding company's subsidiaries.",
  },
  {
    eventType: "OVERSEAS_LISTING",
    labelEn: "Overseas Listing or Delisting",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "traders"],
    description: "Listing on, or delisting from, a foreign securities market.",
  },

  // Operations, contracts and results.
  {
    eventType: "SUPPLY_CONTRACT_SIGNED",
    labelEn: "Supply Contract Signed",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "A single sales or supply contract above the disclosure threshold (a share of revenue).",
  },
  {
    eventType: "SUPPLY_CONTRACT_TERMINATED",
    labelEn: "Supply Contract Terminated",
    defaultScore: 7,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "A disclosed supply contract is terminated, or trading with a major customer stops.",
  },
  {
    eventType: "NEW_FACILITY_INVESTMENT",
    labelEn: "New Facility Investment",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["long_term_investors", "creditors"],
    description: "A decision to invest in new facilities (capex above the disclosure threshold).",
  },
  {
    eventType: "TECHNOLOGY_LICENSING",
    labelEn: "Technology Licensing Agreement",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "Technology transfer (licence-out), licence-in or joint development agreements.",
  },
  {
    eventType: "CLINICAL_TRIAL",
    labelEn: "Clinical Trial or Product Approval",
    defaultScore: 6,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors"],
    description: "Clinical trial plans, approvals and results, and product marketing approvals.",
  },
  {
    eventType: "PATENT",
    labelEn: "Patent Acquisition",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors"],
    description: "The company obtains a patent.",
  },
  {
    eventType: "PRELIMINARY_RESULTS",
    labelEn: "Preliminary Operating Results",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "Preliminary (unaudited) revenue and profit figures for a period.",
  },
  {
    eventType: "REVENUE_PROFIT_CHANGE",
    labelEn: "Change of 30% or More in Revenue or Profit",
    defaultScore: 6,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors", "creditors"],
    description: "Annual revenue or profit changed by 30% or more (15% for large companies) from the prior year.",
  },
  {
    eventType: "EARNINGS_GUIDANCE",
    labelEn: "Earnings Guidance / Outlook",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "long_term_investors"],
    description: "Forecasts of revenue, profit or other operating figures.",
  },
  {
    eventType: "EARNINGS_PREVIEW",
    labelEn: "Earnings Announcement Notice",
    defaultScore: 2,
    numericExpectation: "HIGH",
    actionableFor: ["traders"],
    description: "Advance notice of when year-end results will be disclosed.",
  },
  {
    eventType: "BUSINESS_PLAN",
    labelEn: "Business Plan / Value-up Plan",
    defaultScore: 4,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "governance_watchers"],
    description: "Future business and management plans, and corporate value-up plans and their progress.",
  },
  {
    eventType: "ASSET_REVALUATION",
    labelEn: "Asset Revaluation",
    defaultScore: 3,
    numericExpectation: "HIGH",
    actionableFor: ["long_term_investors", "creditors"],
    description: "A revaluation of assets (usually land) and its effect on equity.",
  },
  {
    eventType: "DEBT_GUARANTEE",
    labelEn: "Debt Guarantee for a Third Party",
    defaultScore: 5,
    numericExpectation: "HIGH",
    actionableFor: ["creditors", "long_term_investors"],
    description: "A guarantee of, or collateral for, another party's debt.",
  },
  {
    eventType: "LITIGATION",
    labelEn: "Litigation",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "creditors", "traders"],
    description: "Lawsuits, injunctions and court rulings above the disclosure threshold, and court auctions.",
  },
  {
    eventType: "SERIOUS_ACCIDENT",
    labelEn: "Serious Industrial Accident",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["esg_analysts", "long_term_investors"],
    description: "A serious accident under the Serious Accidents Punishment Act, or a criminal penalty for one.",
  },
  {
    eventType: "MATERIAL_EVENT",
    labelEn: "Material Event Report",
    defaultScore: 4,
    numericExpectation: "LOW",
    actionableFor: ["traders", "long_term_investors"],
    description:
      "Other material management matters and matters relevant to investment decisions, not covered by a narrower type.",
  },

  // Governance and meetings.
  {
    eventType: "CEO_CHANGE",
    labelEn: "CEO Change",
    defaultScore: 5,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers", "long_term_investors"],
    description: "A change of the representative director (CEO) or representative executive officer.",
  },
  {
    eventType: "BOARD_CHANGE",
    labelEn: "Board of Directors Change",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers"],
    description: "Changes of directors or officers, including SPAC officer resignations.",
  },
  {
    eventType: "INDEPENDENT_DIRECTOR_CHANGE",
    labelEn: "Independent Director Change",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers"],
    description: "Appointment, dismissal or early retirement of outside (independent) directors.",
  },
  {
    eventType: "SHAREHOLDERS_MEETING",
    labelEn: "Shareholders' Meeting",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers", "long_term_investors"],
    description: "Calling a general meeting, its notice and results, and proxy solicitation.",
  },
  {
    eventType: "RELATED_PARTY_TRANSACTION",
    labelEn: "Related-Party Transaction",
    defaultScore: 3,
    numericExpectation: "HIGH",
    actionableFor: ["governance_watchers", "creditors"],
    description:
      "Loans, guarantees, asset and service dealings with affiliates, major shareholders and other related parties.",
  },
  {
    eventType: "CONGLOMERATE_DISCLOSURE",
    labelEn: "Large Business Group Disclosure",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers"],
    description:
      "Fair Trade Commission disclosures of large business groups (group status, affiliate financial dealings).",
  },
  {
    eventType: "CORPORATE_GOVERNANCE_REPORT",
    labelEn: "Corporate Governance Report",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers"],
    description: "The annual corporate governance report.",
  },
  {
    eventType: "SUSTAINABILITY_REPORT",
    labelEn: "Sustainability / ESG Report",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["esg_analysts"],
    description: "Sustainability (ESG) report publication.",
  },
  {
    eventType: "COMPANY_DETAILS_CHANGE",
    labelEn: "Change of Company Details",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors"],
    description: "Changes of name, head-office address, fiscal year, business purpose or disclosure officer.",
  },
  {
    eventType: "IR_EVENT",
    labelEn: "Investor Relations Event",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors"],
    description: "An investor relations meeting (IR) is held.",
  },

  // Ownership and insider filings.
  {
    eventType: "MAJOR_SHAREHOLDER_FILING",
    labelEn: "Major Shareholder Ownership Report",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["governance_watchers", "traders"],
    description: "5% holding reports and executives' and major shareholders' ownership reports.",
  },
  {
    eventType: "MAJOR_SHAREHOLDER_TRANSACTION",
    labelEn: "Major Shareholder Share Transaction",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "governance_watchers"],
    description: "Changes in the shares held by the largest shareholder and its related parties.",
  },
  {
    eventType: "INSIDER_TRADE_PLAN",
    labelEn: "Insider Trading Plan Report",
    defaultScore: 4,
    numericExpectation: "HIGH",
    actionableFor: ["traders", "governance_watchers"],
    description: "Executives' and major shareholders' advance reports of planned trades.",
  },
  {
    eventType: "STOCK_OPTION_GRANT",
    labelEn: "Stock Option Grant",
    defaultScore: 3,
    numericExpectation: "HIGH",
    actionableFor: ["governance_watchers"],
    description: "Stock options granted to executives and employees.",
  },
  {
    eventType: "STOCK_OPTION_EXERCISE",
    labelEn: "Stock Option Exercise",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["traders"],
    description: "Stock options exercised (new or treasury shares delivered).",
  },

  // Periodic and audit filings.
  {
    eventType: "PERIODIC_REPORT",
    labelEn: "Periodic Report",
    defaultScore: 3,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "creditors"],
    description: "Annual, semi-annual and quarterly reports.",
  },
  {
    eventType: "AUDIT_REPORT",
    labelEn: "Audit Report",
    defaultScore: 4,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors", "creditors"],
    description: "Audit reports and their submission notice (an adverse or disclaimer opinion is a delisting cause).",
  },

  // Catch-alls.
  {
    eventType: "AMENDMENT",
    labelEn: "Amendment to a Prior Filing",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors"],
    description:
      "An amendment whose underlying filing type is not recognised (recognised amendments keep their own type).",
  },
  {
    eventType: "OTHER",
    labelEn: "Other Disclosure",
    defaultScore: 2,
    numericExpectation: "LOW",
    actionableFor: ["long_term_investors"],
    description: "A title no rule recognises.",
  },
] as const satisfies readonly EventTypeDefinition[];

export type EventType = (typeof EVENT_TYPES)[number]["eventType"];

export const EVENT_TYPE_BY_NAME: ReadonlyMap<EventType, EventTypeDefinition> = new Map(
  EVENT_TYPES.map((definition) => [definition.eventType, definition]),
);

export function eventTypeDefinition(eventType: EventType): EventTypeDefinition {
  // Every EventType is a key by construction.
  return EVENT_TYPE_BY_NAME.get(eventType)!;
}
