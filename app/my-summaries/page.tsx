import type { Metadata } from "next";
import { MySummaries } from "@/components/wallet/my-summaries";

// Rendered per request so it carries a script nonce (lib/page-security.ts): this page shows paid
// summary text, model-written from filing bodies, and should run nothing but its own scripts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "My summaries — DART in English",
  description: "The English summaries you paid for, kept in this browser.",
};

export default function MySummariesPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">My summaries</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Summaries you paid for are kept in this browser by receipt number, with the payment transaction. They are not
        stored anywhere else: another browser or device will not have them, and removing one here cannot be undone.
      </p>
      <MySummaries />
    </main>
  );
}
