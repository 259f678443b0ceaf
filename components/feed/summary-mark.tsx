"use client";

import Link from "next/link";
import { PRICE_PER_SUMMARY_USDC } from "@/lib/interface/pricing";
import { useKeptSummaries } from "@/lib/wallet/kept-summaries";

/**
 * What a row says about its English summary: "Purchased" when this browser keeps it (known
 * only here, from the device's store), else the offer when one can be bought, else nothing.
 * The server renders the offer; the browser swaps in "Purchased" after hydrating.
 */
export function SummaryMark({ rcptNo, offered }: { rcptNo: string; offered: boolean }) {
  const purchased = rcptNo in useKeptSummaries();
  if (!purchased && !offered) return null;
  return (
    <Link href={`/filings/${rcptNo}`} prefetch={false} className="summary-mark" data-purchased={purchased || undefined}>
      {purchased ? (
        "Purchased"
      ) : (
        <>
          English summary · <span className="num">{PRICE_PER_SUMMARY_USDC} USDC</span>
        </>
      )}
    </Link>
  );
}
