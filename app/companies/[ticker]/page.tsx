import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CompanySummary, LatestSummariesPanel } from "@/components/company";
import { FilingList } from "@/components/feed/filing-row";
import { ViewExports } from "@/components/feed/view-exports";
import { CompanyHistory } from "@/components/search/company-history";
import { BuyLatest } from "@/components/wallet/buy-latest";
import { WatchButton } from "@/components/watch/watch-button";
import { getDb } from "@/lib/database";
import { tickerParam } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/env";
import { companyProfile } from "@/lib/explorer";
import { audienceChoices } from "@/lib/explorer/watch";
import { companyWatch } from "@/lib/explorer/watch-filters";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";

export const dynamic = "force-dynamic";

type Params = Promise<{ ticker: string }>;

/** One lookup per request, shared by the metadata and the page. */
const profileOf = cache(async (raw: string) => {
  const ticker = tickerParam.safeParse(decodeURIComponent(raw));
  return ticker.success ? companyProfile(await getDb(), serviceClock(), ticker.data) : undefined;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const company = await profileOf((await params).ticker);
  if (!company) return { title: "Company not found" };
  const title = `${company.nameEn} (${company.ticker})`;
  const description = `DART filings of ${company.nameEn} (${company.nameKr}, ${company.market} ${company.ticker}) in English.`;
  return {
    title,
    description,
    alternates: { types: { "application/atom+xml": `/companies/${company.ticker}/feed.atom?hours=168` } },
    openGraph: { title, description, url: `/companies/${company.ticker}` },
  };
}

export default async function CompanyPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<{ history?: string | string[] }>;
}) {
  const company = await profileOf((await params).ticker);
  if (!company) notFound();
  return (
    <div className="space-y-8">
      <CompanySummary
        company={company}
        action={
          <WatchButton
            proposal={companyWatch(company.ticker, company.nameEn)}
            label="Watch this company"
            title={`Watch ${company.nameEn}`}
            audiences={audienceChoices()}
          />
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="filings-heading" className="min-w-0">
          {/* "Buy the latest N" puts what it bought here, in the main column (components/wallet/buy-latest-flow.tsx). */}
          <div id="bought-summaries-slot" className="empty:hidden mb-6" />
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="filings-heading" className="text-lg font-semibold">
              Recent filings
            </h2>
            <ViewExports
              base={`/feeds/companies/${company.ticker}/filings`}
              atom={`/companies/${company.ticker}/feed.atom?hours=168`}
              atomLabel="Atom feed of this company"
            />
          </div>
          {company.filings.length ? (
            <FilingList
              filings={company.filings}
              now={company.now}
              showCompany={false}
              label={`Filings of ${company.nameEn}, newest first`}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-fg-muted">
              No filings of this company in the service&apos;s data yet.
            </p>
          )}
          <CompanyHistory
            ticker={company.ticker}
            newest={company.filings}
            history={[(await searchParams).history].flat()[0]}
          />
        </section>
        <aside aria-label="Summaries">
          <LatestSummariesPanel
            ticker={company.ticker}
            baseUrl={publicBaseUrl()}
            states={company.latestSummaries}
            filings={company.latestSummaryFilings}
            purchase={
              <BuyLatest
                ticker={company.ticker}
                states={company.latestSummaries}
                filings={company.latestSummaryFilings}
                priceUsdc={PRICE_PER_SUMMARY_USDC}
              />
            }
          />
        </aside>
      </div>
    </div>
  );
}
