"use client";
import { useSyncExternalStore } from "react";
import type { DisclosureSummaryDto, FactDto, SourceCellsDto } from "@/lib/interface/schemas";

/**
 * Summaries a reader paid for, kept in this browser's localStorage by receipt number with
 * the payment that bought them, so they show again on reload or a later visit without paying.
 * Nothing leaves the device; removing one only forgets it here. A wallet's purchases restored
 * by signing in with it (any device) are kept here too, marked as restored.
 */
export interface KeptSummary {
  summary: DisclosureSummaryDto;
  /** The fact sheet, when it was bought through /v1/disclosures/facts. */
  facts?: FactDto[];
  /** The filing's other figures, in Korean as filed, never stated in the summary (the facts answer's `cells`). */
  cells?: SourceCellsDto[];
  /** Delivered again by signing in with the wallet that paid, not bought on this device. */
  restored?: boolean;
  /** Settlement transaction hash. */
  transaction: string;
  /** CAIP-2 network it settled on. */
  network: string;
  /** The chain explorer's page of the transaction (absent on a local chain). */
  transactionUrl?: string;
  payer?: string;
  /** ISO time this browser received it. */
  keptAt: string;
}

const STORAGE_KEY = "dart-en.kept-summaries.v1";
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: Record<string, KeptSummary> } | undefined;

function read(): Record<string, KeptSummary> {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (cache?.raw !== raw) {
    let value: Record<string, KeptSummary> = {};
    try {
      value = raw ? (JSON.parse(raw) as Record<string, KeptSummary>) : {};
    } catch {
      /* a corrupt entry is treated as empty rather than breaking the page */
    }
    cache = { raw, value };
  }
  return cache!.value;
}

function write(next: Record<string, KeptSummary>): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage); // other tabs
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: Record<string, KeptSummary> = {};

/** Every kept summary by receipt number; empty during server rendering. */
export function useKeptSummaries(): Record<string, KeptSummary> {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

export function useKeptSummary(rcptNo: string): KeptSummary | undefined {
  return useKeptSummaries()[rcptNo];
}

export function keepSummaries(entries: KeptSummary[]): void {
  const next = { ...read() };
  for (const entry of entries) next[entry.summary.rcptNo] = entry;
  write(next);
}

export function forgetSummary(rcptNo: string): void {
  const next = { ...read() };
  delete next[rcptNo];
  write(next);
}
