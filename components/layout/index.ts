/** The page frame: header (navigation, search, wallet slot), data banner, footer. */
export { SiteHeader } from "./site-header";
export { DataBanner } from "./data-banner";
export { SiteFooter } from "./site-footer";
export { NotFoundMessage } from "./not-found-message";
export { ServiceClockProvider, useServiceClock } from "./service-clock";
