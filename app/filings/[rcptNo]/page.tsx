import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { FilingDetails, SummaryPanel } from "@/components/filing";
import { RevealSummary } from "@/components/wallet/reveal-summary";
import { getDb } from "@/lib/database";
import { rcptNoParam } from "@/lib/interface/schemas";
import { env, publicBaseUrl } from "@/lib/env";
import { filingDetail } from "@/lib/explorer";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";

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

export default async function FilingPage({ params }: { params: Params }) {
  const filing = await filingOf((await params).rcptNo);
  if (!filing) notFound();
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <article className="min-w-0">
        <FilingDetails filing={filing} />
      </article>
      <aside aria-label="Paid summary">
        <SummaryPanel
          rcptNo={filing.rcptNo}
          baseUrl={publicBaseUrl()}
          network={env().X402_NETWORK}
          availability={filing.summary}
          reveal={
            filing.summary.available ? (
              <RevealSummary rcptNo={filing.rcptNo} priceUsdc={PRICE_PER_SUMMARY_USDC} />
            ) : undefined
          }
        />
      </aside>
    </div>
  );
}
