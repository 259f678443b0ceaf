import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AgentPurchasePanel, FilingDetails, FilingHeading, NoSummaryNote, SummaryHero } from "@/components/filing";
import { RevealSummary } from "@/components/wallet/reveal-summary";
import { getDb } from "@/lib/database";
import { rcptNoParam } from "@/lib/interface/schemas";
import { env, publicBaseUrl } from "@/lib/env";
import { filingDetail, type FilingDetail } from "@/lib/explorer";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";
import { SAMPLE_FACTS } from "@/lib/interface/samples";

export const dynamic = "force-dynamic";

type Params = Promise<{ rcptNo: string }>;

const filingOf = cache(async (raw: string) => {
  const rcptNo = rcptNoParam.safeParse(raw);
  return rcptNo.success ? filingDetail(await getDb(), rcptNo.data) : undefined;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const f = await filingOf((await params).rcptNo);
  if (!f) return { title: "Filing not found" };
  const title = `${f.corpNameEn}: ${f.reportNmEn}`;
  const description = `${f.eventLabel}, importance ${f.importanceScore}/10. ${f.corpName} (${f.ticker}) filed “${f.reportNm}” on ${f.rceptDt}.`;
  return { title, description, openGraph: { title, description, url: `/filings/${f.rcptNo}`, type: "article" } };
}

/** The title, then the summary as the page's hero (or its offer), then the free facts. */
export default async function FilingPage({ params }: { params: Params }) {
  const filing = await filingOf((await params).rcptNo);
  if (!filing) notFound();
  const { summary } = filing;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <article className="min-w-0 space-y-4 sm:space-y-6">
        <FilingHeading filing={filing} />
        <Summary filing={filing} />
        <FilingDetails filing={filing} />
      </article>
      {summary.available && (
        <aside aria-label="For agents">
          <AgentPurchasePanel rcptNo={filing.rcptNo} baseUrl={publicBaseUrl()} network={env().X402_NETWORK} />
        </aside>
      )}
    </div>
  );
}

function Summary({ filing: { rcptNo, summary } }: { filing: FilingDetail }) {
  // The free sample's filing: its summary and facts are public (/v1/disclosures/sample), never sold.
  if (summary.freeSample) {
    return (
      <SummaryHero
        summary={SAMPLE_FACTS.summary}
        facts={SAMPLE_FACTS.facts}
        cells={SAMPLE_FACTS.cells}
        badge="Free sample"
      >
        <p className="text-xs text-fg-muted">
          This is the service&apos;s free sample, also served by the API at{" "}
          <code className="font-mono">/v1/disclosures/sample</code>: every other filing&apos;s summary is{" "}
          {PRICE_PER_SUMMARY_USDC} USDC.{" "}
          <a className="text-accent underline" href={SAMPLE_FACTS.summary.sourceUrl} target="_blank" rel="noreferrer">
            Read the original on DART (Korean)<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </SummaryHero>
    );
  }
  if (!summary.available) return <NoSummaryNote message={summary.message} />;
  return (
    <RevealSummary rcptNo={rcptNo} priceUsdc={PRICE_PER_SUMMARY_USDC} covers={summary.covers} note={summary.message} />
  );
}
