/** Small statistics for the benchmark scripts' reports. */

/** The p-th percentile (nearest rank) of `samples`. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds, one decimal, right-aligned for a table column. */
export function fmt(ms: number): string {
  return ms.toFixed(1).padStart(8);
}
