/**
 * The self-hosted server's process (lib/server): `tsx server.ts start|dev [-H host] [-p port]`.
 * `npm start` and `npm run dev` run it through scripts/start.ts, which starts the local payment
 * chain beside it. An invalid environment stops it before anything listens, naming the
 * variable; a production server then requests `/` once, so the first reader does not pay for the
 * first render (the database, the feed's first queries and the page's code), and /api/health
 * answers only after that, so "healthy" also means "warm".
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { createLanes, startServer } from "@/lib/server";

const USAGE = "Usage: tsx server.ts <start|dev> [-H hostname] [-p port]";

function options(args: string[]): { dev: boolean; hostname?: string; port: number } {
  const [mode, ...rest] = args;
  if (mode !== "start" && mode !== "dev") throw new Error(USAGE);
  let hostname: string | undefined; // every address, as `next start` listens
  let port = Number(process.env.PORT ?? 3000);
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if ((flag === "-H" || flag === "--hostname") && value) hostname = value;
    else if ((flag === "-p" || flag === "--port") && value && /^\d+$/.test(value)) port = Number(value);
    else throw new Error(`${USAGE} (not understood: ${rest.slice(i).join(" ")})`);
  }
  return { dev: mode === "dev", hostname, port };
}

const WARM_UP_TIMEOUT_MS = 60_000;

/** Requests `/` (its time and status, 0 when it failed); never throws: a failed warm-up only means the first reader waits. */
async function warmUp(origin: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS) });
    await res.arrayBuffer();
    status = res.status;
  } catch {
    /* the first reader waits instead */
  }
  const ms = Math.round(performance.now() - started);
  log().info({ ms, status }, "warmed / at start-up");
  return { ms, status };
}

async function main(): Promise<void> {
  const { dev, hostname, port } = options(process.argv.slice(2));
  (process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
  const settings = env();
  const limited = settings.RATE_LIMIT_PER_MINUTE > 0 && settings.RATE_LIMIT_CONCURRENT > 0;
  const running = await startServer({
    dev,
    hostname,
    port,
    trustedProxies: settings.TRUSTED_PROXY_COUNT,
    clientHeader: settings.TRUSTED_IP_HEADER,
    lanes: limited ? createLanes({ concurrent: settings.RATE_LIMIT_CONCURRENT }) : undefined,
    onRefused: (status, method) => log().info({ status, method }, "refused before routing"),
  });
  const address = running.server.address();
  const listening = typeof address === "object" && address ? address.port : port;
  const url = `http://${hostname ?? "localhost"}:${listening}`;
  if (dev) console.log(`[server] development server on ${url}`);
  else {
    // "Ready" only once `/` has been rendered: a person opens it as soon as the log says so.
    console.log(`[server] production server listening on ${url}; rendering / once before it is ready`);
    const origin = `http://${hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "127.0.0.1"}:${listening}`;
    const warm = warmUp(origin);
    (globalThis as { __warmUp?: Promise<unknown> }).__warmUp = warm;
    void warm.then(({ ms, status }) =>
      console.log(`[server] ready on ${url} (first / rendered in ${ms} ms, status ${status || "none"})`),
    );
  }
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.once(signal, () => void running.close().finally(() => process.exit(code)));
}

main().catch((error: unknown) => {
  console.error(`[server] ${error instanceof Error ? error.message : String(error)}\n[server] not starting`);
  process.exit(1);
});
