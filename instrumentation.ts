/**
 * Next.js server start-up hook, for what runs beside the routes in the process that serves them
 * (the self-hosted server's request path and its warm-up are lib/server's):
 * - with OTEL_EXPORTER_OTLP_ENDPOINT set, traces go out through @vercel/otel;
 * - the payment ledger is tended now and every minute: payments a dead process left pending are
 *   resolved against the chain (lib/payments/ledger-resolution.ts);
 * - the alert delivery worker (lib/alerts/worker.ts) sends the watchlists' outbox, polling it
 *   every half second;
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
  if (process.env.VERCEL || process.env.NEXT_PHASE === "phase-production-build") return;

  // Route handlers and this hook may load separate copies of a module: one of each loop per process.
  const state = globalThis as { __dartPoller?: unknown; __ledgerTending?: unknown; __alertWorker?: unknown };
  if (!state.__ledgerTending) {
    const { startLedgerTending } = await import("@/lib/payments/ledger-resolution");
    const { loadPaymentConfig } = await import("@/lib/payments/config");
    const { getDb } = await import("@/lib/database");
    state.__ledgerTending = startLedgerTending(getDb, () => loadPaymentConfig());
  }

  if (!state.__alertWorker) {
    const { startDeliveryWorker } = await import("@/lib/alerts/worker");
    const { alertGuard } = await import("@/lib/alerts/watchlists");
    const { getDb } = await import("@/lib/database");
    state.__alertWorker = startDeliveryWorker(getDb, { guard: alertGuard() });
  }

  const { DART_API_KEY, INGEST_IN_PROCESS, DART_POLL_INTERVAL_SECONDS } = (await import("@/lib/env")).env();
  if (!DART_API_KEY || !INGEST_IN_PROCESS || state.__dartPoller) return;
  const { startPoller } = await import("@/lib/ingest");
  state.__dartPoller = startPoller({ intervalSeconds: DART_POLL_INTERVAL_SECONDS });
}
