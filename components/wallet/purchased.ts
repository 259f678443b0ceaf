"use client";
import { useMemo } from "react";
import { useKeptSummaries } from "@/lib/wallet/kept-summaries";

/**
 * The receipt numbers whose summaries this browser has (bought here, or restored from the wallet
 * that paid): for "Purchased" markers on lists. Empty during server rendering; updates when a
 * purchase is made or restored, in this tab or another. Loads no wallet code.
 */
export function usePurchasedSet(): ReadonlySet<string> {
  const kept = useKeptSummaries();
  return useMemo(() => new Set(Object.keys(kept)), [kept]);
}
