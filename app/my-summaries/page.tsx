import type { Metadata } from "next";
import { MySummaries } from "@/components/wallet/my-summaries";
import { RestorePurchases } from "@/components/wallet/restore-purchases";

// Rendered per request so it carries a script nonce (lib/page-security.ts): this page shows paid
// summary text, model-written from filing bodies, and should run nothing but its own scripts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "My summaries — DART in English",
  description: "The English summaries you paid for: kept in this browser, and restored from your wallet on any device.",
};

/** Inside the layout's <main>: one main region per page. */
export default function MySummariesPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">My summaries</h1>
        <p className="text-sm text-fg-muted">
          Summaries you paid for are kept in this browser by receipt number, with the payment transaction. On another
          browser or device, restore them by signing in with the wallet that paid.
        </p>
      </div>
      <RestorePurchases />
      <MySummaries />
    </div>
  );
}
