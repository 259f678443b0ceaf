import { notFound } from "next/navigation";
import { FeedPage, feedMetadata } from "@/components/feed/feed-page";
import { DEFAULT_FEED_FILTERS } from "@/lib/explorer";

/**
 * The default feed view, rendered on first request and then served from Next's cache,
 * re-rendered in the background at most every 15 s: `/` without filters is rewritten here
 * (next.config.ts), so the busiest page never waits on the database. No view is rendered at
 * build time (the database is opened on first request, never by the build).
 */
export const revalidate = 15;
export const dynamicParams = true;
const VIEWS = ["latest"];

export function generateStaticParams(): { view: string }[] {
  return [];
}

export const metadata = feedMetadata(DEFAULT_FEED_FILTERS);

export default async function DefaultFeedView({ params }: { params: Promise<{ view: string }> }) {
  if (!VIEWS.includes((await params).view)) notFound();
  return <FeedPage filters={DEFAULT_FEED_FILTERS} />;
}
