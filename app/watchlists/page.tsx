import type { Metadata } from "next";
import Link from "next/link";
import { WatchlistsManager } from "@/components/watch/watchlists";
import { ALERT_PACK } from "@/lib/explorer/watch-filters";
import { watchVocabulary } from "@/lib/explorer/watch";

// Rendered per request so it carries a script nonce (lib/page-security.ts): this page shows
// watchlists' signing secrets and should run nothing but its own scripts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Watchlists",
  description:
    "Your wallet's watchlists: signed webhook alerts of new Korean filings, their deliveries, the alerts feed and alert credit.",
};

/**
 * The wallet's watchlists (issue 36 point 6): everything here goes through the API's own routes
 * (/v1/watchlists, /v1/alerts, /v1/alerts/credit) signed in as the wallet, from the island below;
 * the page itself carries only the words and the vocabulary the island describes filters with.
 */
export default function WatchlistsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Watchlists</h1>
        <p className="text-sm text-fg-muted">
          A watchlist belongs to a wallet: no account, no key. When a new filing that matches it is stored, the service
          POSTs a signed alert to your endpoint within seconds (Standard Webhooks: <code>webhook-id</code>,{" "}
          <code>webhook-timestamp</code>, <code>webhook-signature</code>), retries for hours if the endpoint fails, and
          keeps every match in the watchlist&apos;s alerts feed. Alerts are paid per delivery: {ALERT_PACK.alerts} for{" "}
          {ALERT_PACK.priceUsdc} USDC.
        </p>
        <p className="text-sm text-fg-muted">
          To make one, use <strong className="font-medium text-fg">Watch</strong> on a{" "}
          <Link href="/companies" prefetch={false} className="text-accent underline">
            company&apos;s page
          </Link>
          , on{" "}
          <Link href="/" prefetch={false} className="text-accent underline">
            the feed
          </Link>{" "}
          or on a{" "}
          <Link href="/filings" prefetch={false} className="text-accent underline">
            search
          </Link>
          : its filters become the watchlist&apos;s. Agents use the same routes:{" "}
          <Link href="/docs#listwatchlists" prefetch={false} className="text-accent underline">
            the API reference
          </Link>
          .
        </p>
      </div>
      <div className="space-y-3">
        <p className="text-sm">
          Sign in with the wallet that owns your watchlists: each request is one signed message, not a payment (no gas,
          nothing charged).
        </p>
        <WatchlistsManager vocabulary={watchVocabulary()} />
      </div>
    </div>
  );
}
