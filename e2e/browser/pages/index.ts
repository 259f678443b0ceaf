/**
 * Page objects of the browser specs: what a person sees and does on each page, so a spec says
 * what it does and a selector is written once.
 */
export { CompanyPage } from "./company-page";
export { CompanySearch } from "./company-search";
export { FeedPage } from "./feed-page";
export { FilingList } from "./filing-list";
export { FilingPage } from "./filing-page";
export { MySummariesPage } from "./my-summaries-page";
export { Wallet } from "./wallet";
export { WatchDialog } from "./watch-dialog";
export { WatchlistCard, WatchlistsPage } from "./watchlists-page";
