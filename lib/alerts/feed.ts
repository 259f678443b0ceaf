/**
 * A watchlist's private Atom feed, /feeds/watchlists/{id}.atom?token=…: a capability URL, as a
 * private calendar feed is, for readers that cannot sign in with a wallet. The token is an
 * HMAC-SHA256 of the id under the watchlist's current webhook secret, so nothing new is stored
 * and rotating the secret revokes the URL at once (the previous secret, still signing webhooks
 * for a day, opens no feed).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { getFilingView, getWatchlistById, latestAlerts, type FilingView, type Watchlist } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import { publicBaseUrl } from "@/lib/env";

/** The entries a feed shows: its newest matches. */
const FEED_ENTRIES = 50;

/** The feed's token; the purpose prefix keeps it apart from anything else the secret signs. */
function feedToken(w: Pick<Watchlist, "id" | "secret">): string {
  return createHmac("sha256", w.secret).update(`atom-feed:${w.id}`).digest("base64url");
}

/** The watchlist's feed URL, shown to its owner only (it is the key to the feed). */
export function watchlistFeedUrl(w: Pick<Watchlist, "id" | "secret">): string {
  return `${publicBaseUrl()}/feeds/watchlists/${w.id}.atom?token=${feedToken(w)}`;
}

/**
 * The watchlist and its newest matched filings, newest first, when `token` opens its feed. No watchlist and a wrong or missing
 * token are the same 404, and the token is compared in constant time: no oracle either way.
 */
export async function watchlistFeed(
  db: Db,
  id: string,
  token: string | undefined,
): Promise<{ watchlist: Watchlist; views: FilingView[] }> {
  const w = await getWatchlistById(db, id);
  if (!w || token === undefined || !sameToken(token, feedToken(w))) {
    throw ApiError.notFound("No watchlist feed at this address.");
  }
  const matches = await latestAlerts(db, w.id, FEED_ENTRIES);
  const views = await Promise.all(matches.map((m) => getFilingView(db, m.rcptNo)));
  return { watchlist: w, views: views.filter((v) => v !== undefined) };
}

function sameToken(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
