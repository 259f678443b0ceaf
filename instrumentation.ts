/**
 * Next.js server start-up hook:
 * - on a self-hosted server, an invalid environment stops the server (naming the variable);
 * - on a self-hosted server, requests Next.js cannot route (methods it does not know, request
 *   targets that are not a plain path) are answered with JSON before it sees them, and
 *   X-Forwarded-For names the client the connection vouches for, each client gets at most
 *   RATE_LIMIT_CONCURRENT requests in flight, and a client the limit just refused is refused
 *   again at once (lib/http/before-routing.ts);
 * - with OTEL_EXPORTER_OTLP_ENDPOINT set, traces go out through @vercel/otel;
 * - the payment ledger is tended now and every minute: payments a dead process left pending are
 *   resolved against the chain (lib/payments/ledger-resolution.ts);
 * - on a self-hosted production server, `/` is requested once as soon as the server listens, so
 *   the first reader does not pay for the first render (the database, the feed's first queries
 *   and the page's code); /api/health answers only after it, so "healthy" also means "warm";
 * - with a DART key (and INGEST_IN_PROCESS left on), the filing poller runs inside the server
 *   process. On Vercel the crons in vercel.json poll and tend instead: a serverless instance is
 *   not a place for a long-running loop.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { registerOTel } = await import("@vercel/otel");
    registerOTel({ serviceName: process.env.OTEL_SERVICE_NAME ?? "dart-english" });
  }
  if (process.env.VERCEL) return;

  const { installBeforeRouting } = await import("@/lib/http/before-routing");
  const { log } = await import("@/lib/log");
  const { env } = await import("@/lib/env");
  let settings: ReturnType<typeof env>;
  try {
    settings = env();
  } catch (error) {
    // Left to Next.js, a failed hook turns every request into a plain-text 500: stop instead,
    // naming the variable, as `npm start` does before it starts Next.js.
    console.error(`[server] ${error instanceof Error ? error.message : String(error)}\n[server] not starting`);
    process.exit(1);
  }
  const { DART_API_KEY, INGEST_IN_PROCESS, DART_POLL_INTERVAL_SECONDS, TRUSTED_PROXY_COUNT } = settings;
  const { RATE_LIMIT_PER_MINUTE, RATE_LIMIT_CONCURRENT, TRUSTED_IP_HEADER } = settings;
  const { createLanes } = await import("@/lib/rate-limit/lanes");
  installBeforeRouting({
    trustedProxies: TRUSTED_PROXY_COUNT,
    clientHeader: TRUSTED_IP_HEADER,
    lanes:
      RATE_LIMIT_PER_MINUTE > 0 && RATE_LIMIT_CONCURRENT > 0
        ? createLanes({ concurrent: RATE_LIMIT_CONCURRENT })
        : undefined,
    onRefused: (status, method) => log().info({ status, method }, "refused before routing"),
  });

  // Route handlers and this hook may load separate copies of a module: one of each loop per process.
  const state = globalThis as { __dartPoller?: unknown; __ledgerTending?: unknown };
  if (!state.__ledgerTending && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startLedgerTending } = await import("@/lib/payments/ledger-resolution");
    const { loadPaymentConfig } = await import("@/lib/payments/config");
    const { getDb } = await import("@/lib/database");
    state.__ledgerTending = startLedgerTending(getDb, () => loadPaymentConfig());
  }

  const warm = globalThis as { __warmUp?: Promise<void> };
  const origin = process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  if (!warm.__warmUp && process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build") {
    warm.__warmUp = warmUp(origin, (ms, status) => log().info({ ms, status }, "warmed / at start-up"));
  }

  if (!DART_API_KEY || !INGEST_IN_PROCESS) return;
  if (state.__dartPoller) return;
  const { startPoller } = await import("@/lib/ingest");
  state.__dartPoller = startPoller({ intervalSeconds: DART_POLL_INTERVAL_SECONDS });
}

const WARM_UP_TIMEOUT_MS = 60_000;

/**
 * Requests `/` once the server answers (it listens before this hook has finished, and queues
 * requests until then, so this runs in the background). Never throws: a failed warm-up only
 * means the first reader waits.
 */
async function warmUp(origin: string, done: (ms: number, status: number) => void): Promise<void> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS) });
    await res.arrayBuffer();
    done(Math.round(performance.now() - started), res.status);
  } catch {
    done(Math.round(performance.now() - started), 0);
  }
}
