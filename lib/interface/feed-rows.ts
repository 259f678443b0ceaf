/**
 * How many rows a feed view's `rows` parameter asks for (feedViewQuery, atomFeedQuery). No
 * imports: the explorer's filter form, a client island, builds its URLs with these too.
 */

/**
 * Rows a feed view shows first, and how many "Show more" adds. Kept small because `/` is the
 * busiest page: every row is sent as HTML and again as the live list's data.
 */
export const FEED_ROWS = 15;
/** The most rows one view shows. */
export const FEED_MAX_ROWS = 100;
/** An Atom feed's newest rows by default: a reader polls now and then, and a burst of filings must not slip past it. */
export const ATOM_ROWS = 50;
