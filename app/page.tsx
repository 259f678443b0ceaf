import type { Metadata } from "next";
import { FeedPage, feedMetadata } from "@/components/feed/feed-page";
import { feedViewQuery } from "@/lib/interface/schemas";
import { toFeedFilters } from "@/lib/explorer";

/** A filtered view of the feed (the default view is served cached from /feed/latest; see next.config.ts). */
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function filtersOf(searchParams: SearchParams) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
  );
  return toFeedFilters(feedViewQuery.parse(raw));
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return feedMetadata(await filtersOf(searchParams));
}

export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  return <FeedPage filters={await filtersOf(searchParams)} />;
}
