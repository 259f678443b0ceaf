/** Small statistics and formatting for the benchmarks' reports. */

/** The middle of `samples` (the mean of the two middle ones for an even count). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The p-th percentile (nearest rank) of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Milliseconds `run` took. */
export async function timed(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** `run` timed `times` times, one after another (ms each). */
export async function timedRuns(times: number, run: () => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push(await timed(run));
  return samples;
}

/** Count, p50, p99 and maximum of latency samples (ms, `digits` decimals): a row for `console.table`. */
export function latencyRow(
  samples: readonly number[],
  digits = 1,
): { n: number; "p50 ms": number; "p99 ms": number; "max ms": number } {
  const round = (value: number) => Number(value.toFixed(digits));
  return {
    n: samples.length,
    "p50 ms": round(percentile(samples, 50)),
    "p99 ms": round(percentile(samples, 99)),
    "max ms": round(Math.max(...samples)),
  };
}
