import type { Metadata } from "next";
import Link from "next/link";
import { CompanySearch } from "@/components/company/company-search";
import { getDb } from "@/lib/database";
import { companySearchQuery } from "@/lib/interface/schemas";
import { searchDirectory } from "@/lib/disclosures";
import { displayCompanyName } from "@/lib/names/display";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Companies",
  description:
    "Find a Korean listed company by its Korean name, English name or ticker, and read its filings in English.",
  openGraph: { title: "Companies · DART in English", url: "/companies" },
};

/** Company search: the type-ahead, and (for `?q=`, also without JavaScript) the ranked matches. */
export default async function CompaniesPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const raw = (await searchParams).q;
  const parsed = companySearchQuery.safeParse({ q: Array.isArray(raw) ? raw[0] : raw, limit: "20" });
  const results = parsed.success ? await searchDirectory(await getDb(), parsed.data.q, parsed.data.limit) : null;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight">Companies</h1>
      <p className="mt-1 text-sm text-fg-muted">
        2,800 Korean listed companies. Type a Korean or English name or a ticker; use the arrow keys and Enter to open
        one.
      </p>
      <div className="mt-5">
        {/* With results already listed below, the box is not focused (its suggestions would cover them). */}
        <CompanySearch
          size="lg"
          label="Find a company by name or ticker"
          autoFocus={!results}
          defaultQuery={parsed.success ? parsed.data.q : ""}
        />
      </div>
      {results && (
        <section aria-labelledby="results-heading" className="mt-8">
          <h2 id="results-heading" className="mb-2 text-sm font-medium text-fg-muted">
            {results.matches.length
              ? `Matches for “${parsed.data!.q}”`
              : `No listed company matches “${parsed.data!.q}”.`}
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {results.matches.map((m) => (
              <li key={m.ticker}>
                <Link
                  href={`/companies/${m.ticker}`}
                  prefetch={false}
                  className="flex items-baseline justify-between gap-3 px-4 py-3 hover:bg-subtle"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{displayCompanyName(m.nameEn)}</span>
                    <span lang="ko" className="block truncate text-sm text-fg-muted">
                      {m.nameKr}
                    </span>
                  </span>
                  <span className="num shrink-0 text-xs text-fg-muted">
                    {m.ticker} · {m.market}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
