/** Load on loopback (autocannon), with the answering server's CPU time read around it. */
import autocannon from "autocannon";
import { groupCpuMs } from "../../dev/support/process-group";

export interface LoadResult {
  "req/s": number;
  /** The server's CPU (all its processes, user + system) per answered request, µs; NaN without a `server`. */
  cpuUs: number;
  "p50 ms": number;
  "p99 ms": number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** The process group answering `url`, whose CPU time is read around the load. */
  server?: number;
  /** A revalidation: its 304s are answers, not errors. */
  expect304?: boolean;
}

/**
 * `connections` clients asking for `url` for `seconds`. Server CPU per request is what req/s
 * follows while the server's one JavaScript thread is the bottleneck, and it is far steadier on
 * a shared machine: it leaves out the load generator's and the neighbours' share of the cores.
 */
export async function load(
  url: string,
  { connections, seconds, headers, server, expect304 = false }: LoadOptions,
): Promise<LoadResult> {
  const cpuBefore = server ? groupCpuMs(server) : NaN;
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    "req/s": Math.round(result.requests.average),
    cpuUs: server ? ((groupCpuMs(server) - cpuBefore) * 1000) / result.requests.total : NaN,
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    // autocannon counts a 304 as non-2xx.
    errors: result.errors + result.timeouts + (expect304 ? 0 : result.non2xx),
  };
}
