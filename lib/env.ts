import { z } from "zod";

/**
 * The one place the environment is read. Every variable has a working local default, and a
 * bad value stops the process with a message naming the variable and what is wrong.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const redisUrl = z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// (TLS) URL");
const nonZeroAddress = evmAddress.refine((a) => !/^0x0{40}$/.test(a), "must not be the zero address");
/** Comma-separated http(s) origins (scheme, host, port; no path), each kept as its URL origin. */
const originList = z.string().transform((value, ctx) => {
  const origins: string[] = [];
  for (const item of value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search || url.hash || url.username) {
      ctx.addIssue({ code: "custom", message: `"${item}" is not an origin like https://www.example.com` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

const envFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./.data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DB_DRIVER: z.enum(["pglite", "pg", "neon"]).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),

  DART_API_KEY: optionalString.pipe(z.string().length(40, "must be the 40-character OpenDART key").optional()),
  DART_API_BASE_URL: z.url().default("https://opendart.fss.or.kr/api"),
  DART_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** Self-hosted: run the poller inside the web server when a DART key is set. */
  INGEST_IN_PROCESS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  CRON_SECRET: optionalString,
  /**
   * Webhook receivers over http and on loopback (local mode; never other private addresses):
   * auto allows them when PUBLIC_BASE_URL is a loopback one off Vercel (a local run).
   */
  WEBHOOK_LOCAL_RECEIVERS: z.enum(["auto", "true", "false"]).default("auto"),
  /**
   * A range of KST days the backfill cron (/api/cron/backfill) loads, a chunk per run, resuming
   * from its checkpoint; unset, the cron does nothing. DART_BACKFILL_TO defaults to yesterday.
   */
  DART_BACKFILL_FROM: optionalString.pipe(z.iso.date("must be YYYY-MM-DD").optional()),
  DART_BACKFILL_TO: optionalString.pipe(z.iso.date("must be YYYY-MM-DD").optional()),
  /** list.json calls a backfill may make per KST day: its share of OpenDART's 20,000-call daily quota. */
  DART_BACKFILL_DAILY_CALLS: z.coerce.number().int().min(1).max(20_000).default(10_000),

  PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()),
  /**
   * Other origins the service is reached at (www and apex, a preview URL), comma-separated: wallet
   * sign-ins name the origin the reader sees, so each is accepted beside PUBLIC_BASE_URL's.
   */
  PUBLIC_ALIASES: optionalString.pipe(originList.optional()),

  /**
   * The most cached filing bodies may take, in MB as stored (compressed): past it the bodies
   * least worth keeping are deleted (lib/summaries/body-cache.ts); 0 keeps every body.
   */
  DOCUMENT_CACHE_MAX_MB: z.coerce.number().int().min(0).default(2048),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  SUMMARY_MODEL: z.string().default("gpt-4o-mini"),
  /**
   * How long a paid request may wait for its summary to be generated (the model's timeouts
   * and retries included); past it the answer is 503, not charged. At most 240 s, so a
   * payment signed for x402's maxTimeoutSeconds (300) is still valid when it settles.
   */
  SUMMARY_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(240).default(25),

  /**
   * How long the payment network (the facilitator, or the local chain's RPC) may take to verify
   * a payment or a wallet sign-in, or say what it supports (a settlement: three times this). Past
   * it, or when it cannot be reached, a paid call answers 503 payments_unavailable with
   * Retry-After, and the client's refused-payment budget is untouched.
   */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  X402_NETWORK: z.enum(["eip155:8453", "eip155:84532"]).default("eip155:8453"),
  X402_PAY_TO: optionalString.pipe(nonZeroAddress.optional()),
  X402_ASSET: optionalString.pipe(nonZeroAddress.optional()),
  /** A remote x402 facilitator; without one, payments settle on the local chain (npm run chain). */
  FACILITATOR_URL: optionalString.pipe(z.url().optional()),
  /** Coinbase CDP API key: authenticates to CDP's facilitator (the default one when set without FACILITATOR_URL). */
  CDP_API_KEY_ID: optionalString,
  CDP_API_KEY_SECRET: optionalString,
  /**
   * JSON-RPC endpoint of the payment network: `npm run payments:reconcile`, and the resolution of
   * pending ledger rows and smart-wallet sign-ins (the network's public RPC without it).
   */
  X402_RPC_URL: optionalString.pipe(z.url().optional()),
  /** A real settlement transaction, linked from /v1/pricing as what a payment looks like on chain. */
  X402_SAMPLE_SETTLEMENT_TX: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte transaction hash")
      .optional(),
  ),
  /** pino level of the server's JSON logs. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Free requests per client per minute (a token bucket); 0 turns the anti-abuse limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * Free requests per client in any one second, so a client cannot spend the minute's budget in
   * its first seconds (a person's page load and type-ahead stay well below it); 0 turns it off.
   * Unset: a fifteenth of RATE_LIMIT_PER_MINUTE, at least 10 (40 for the default 600; the feed's
   * page load with the links it prefetches measured up to 28 in a second, BENCHMARKS.md).
   */
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /**
   * Self-hosted: requests of one client in flight at a time while the limit is on (shared out
   * while several clients are active; more wait a moment or get 429), so one client's many
   * connections cannot take the server's thread from the others; 0 turns it off.
   */
  RATE_LIMIT_CONCURRENT: z.coerce.number().int().min(0).max(10_000).default(4),
  /**
   * Where the limit's counters live: this process (one instance), the service's database, or
   * Redis (both shared by several instances). Unset: Redis when a Redis URL is configured
   * (Vercel's Upstash integration sets REDIS_URL and KV_URL), else this process.
   */
  RATE_LIMIT_STORE: z.enum(["memory", "database", "redis"]).optional(),
  /** The Redis the limit's counters live in (password included: a secret, never logged). */
  REDIS_URL: optionalString.pipe(redisUrl.optional()),
  /** The same, under the name Vercel's KV/Upstash integration also uses; read when REDIS_URL is unset. */
  KV_URL: optionalString.pipe(redisUrl.optional()),
  /** Request header holding the client's address, set by the platform or proxy in front (its first address is used). */
  TRUSTED_IP_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, "must be a header name")
    .default("x-forwarded-for"),
  /**
   * Self-hosted only: how many proxies in front of the server append to X-Forwarded-For. 0 (no
   * proxy) takes the client from the connection; N takes the address the outermost of N proxies
   * saw, so addresses a client writes into the header itself are never trusted.
   */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Test-only: every paid call stops for good at this point of its payment, so a test can kill
   * the server there (lib/payments/fault-points.ts). Never set it on a real server.
   */
  PAYMENT_FAULT_POINT: z.enum(["verify", "settle", "settled"]).optional(),
  /** RPC port of the local chain that `npm start`/`npm run dev` start when no FACILITATOR_URL is set. */
  LOCAL_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
});

const envSchema = envFields
  .superRefine((e, ctx) => {
    // A remote facilitator settles to whatever wallet we name; only the local chain brings its own.
    if ((e.FACILITATOR_URL || e.CDP_API_KEY_ID || e.CDP_API_KEY_SECRET) && !e.X402_PAY_TO) {
      ctx.addIssue({
        code: "custom",
        path: ["X402_PAY_TO"],
        message: "is required when FACILITATOR_URL is set (or CDP_API_KEY_*): the wallet that receives the payments",
      });
    }
    if (Boolean(e.CDP_API_KEY_ID) !== Boolean(e.CDP_API_KEY_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [e.CDP_API_KEY_ID ? "CDP_API_KEY_SECRET" : "CDP_API_KEY_ID"],
        message: "CDP_API_KEY_ID and CDP_API_KEY_SECRET go together: set both, or neither",
      });
    }
    if (e.RATE_LIMIT_STORE === "redis" && !e.REDIS_URL && !e.KV_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message:
          "is required with RATE_LIMIT_STORE=redis: the Redis database's redis:// or rediss:// URL (Upstash's REST URL and token alone are not enough)",
      });
    }
  })
  .transform((e) => ({
    ...e,
    // A Redis configured for the service (a connected Upstash on Vercel) is where shared counters belong.
    RATE_LIMIT_STORE: e.RATE_LIMIT_STORE ?? (e.REDIS_URL || e.KV_URL ? "redis" : "memory"),
    RATE_LIMIT_PER_SECOND: e.RATE_LIMIT_PER_SECOND ?? Math.max(10, Math.ceil(e.RATE_LIMIT_PER_MINUTE / 15)),
  }));

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment, read once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forget the cached environment (tests that change process.env). */
export function resetEnv(): void {
  cached = undefined;
}

/** The base URL the service is reached at, for absolute links in documents and challenges. */
export function publicBaseUrl(e: Env = env()): string {
  return (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

/** Whether webhook receivers may be local (http, loopback): WEBHOOK_LOCAL_RECEIVERS. */
export function localWebhookReceivers(e: Env = env()): boolean {
  if (e.WEBHOOK_LOCAL_RECEIVERS !== "auto") return e.WEBHOOK_LOCAL_RECEIVERS === "true";
  return !process.env.VERCEL && LOOPBACK_HOSTS.has(new URL(publicBaseUrl(e)).hostname);
}

/** The host names of this machine's loopback interface, as URLs spell them. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The service's origin at `host` (a Host header, a sign-in message's domain): the public origin,
 * a declared alias (PUBLIC_ALIASES), or, when the public origin is a loopback one (a local run),
 * any loopback name and port, since a browser on this machine may use any of them. Any other
 * host gets the public origin, which it then does not match.
 */
export function serviceOrigin(host: string | null | undefined, e: Env = env()): string {
  const own = new URL(publicBaseUrl(e));
  const named = [own.origin, ...(e.PUBLIC_ALIASES ?? [])].find((origin) => new URL(origin).host === host);
  if (named) return named;
  const local = host && URL.canParse(`${own.protocol}//${host}`) ? new URL(`${own.protocol}//${host}`) : undefined;
  return local && local.host === host && LOOPBACK_HOSTS.has(own.hostname) && LOOPBACK_HOSTS.has(local.hostname)
    ? local.origin
    : own.origin;
}
