/**
 * The server half of "Watch" (./watch-filters.ts is the pure half): the English words of the
 * vocabulary a watchlist's filters use, and a feed view's proposal with its company text looked
 * up in the directory (text that is exactly a listed ticker carries over as that ticker).
 */
import type { Db } from "@/db";
import { getCompany } from "@/db/queries";
import { AUDIENCE_TAGS, EVENT_TYPES } from "@/lib/classify";
import { displayCompanyName } from "@/lib/names";
import { audienceLabel } from "./format";
import type { FeedFilters } from "./filters";
import { feedViewWatch, type WatchProposal, type WatchVocabulary } from "./watch-filters";

/** Every event type's and audience tag's English label, for the words of a watchlist's filters. */
export function watchVocabulary(): WatchVocabulary {
  return {
    eventTypes: Object.fromEntries(EVENT_TYPES.map((t) => [t.eventType, t.labelEn])),
    audiences: Object.fromEntries(AUDIENCE_TAGS.map((a) => [a.tag, audienceLabel(a.tag)])),
  };
}

/** The audience tags a watchlist may be limited to, with their labels. */
export function audienceChoices(): { tag: string; label: string }[] {
  return AUDIENCE_TAGS.map((a) => ({ tag: a.tag, label: audienceLabel(a.tag) }));
}

/** A feed view as a watchlist: its company text carries over when it is exactly a listed ticker. */
export async function feedWatchProposal(db: Db, filters: FeedFilters): Promise<WatchProposal> {
  const text = filters.company.trim().toUpperCase();
  const company = /^[0-9A-Z]{6,7}$/.test(text) ? await getCompany(db, text) : undefined;
  return feedViewWatch(
    filters,
    watchVocabulary(),
    company && { ticker: company.ticker, nameEn: displayCompanyName(company.nameEn) },
  );
}
