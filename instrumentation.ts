/**
 * Next.js server start-up hook. On a self-hosted server with a DART key (and INGEST_IN_PROCESS
 * left on), the filing poller runs inside the server process. On Vercel the crons in
 * vercel.json poll instead: a serverless instance is not a place for a long-running loop.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.VERCEL) return;
  const { env } = await import("@/lib/env");
  const { DART_API_KEY, INGEST_IN_PROCESS, DART_POLL_INTERVAL_SECONDS } = env();
  if (!DART_API_KEY || !INGEST_IN_PROCESS) return;

  // Route handlers and this hook may load separate copies of a module: one poller per process.
  const state = globalThis as { __dartPoller?: unknown };
  if (state.__dartPoller) return;
  const { startPoller } = await import("@/lib/ingest");
  state.__dartPoller = startPoller({ intervalSeconds: DART_POLL_INTERVAL_SECONDS });
}
