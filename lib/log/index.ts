/**
 * Structured JSON logs (pino) for the server: one line per event, never a secret, never a
 * query's SQL or parameters. `requestLog(id)` gives the lines of one request their
 * `requestId`, the same value the client sees in `X-Request-Id`.
 */
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";

const globalForLog = globalThis as { __log?: Logger };

/** The process's logger, at LOG_LEVEL (default info). */
export function log(): Logger {
  globalForLog.__log ??= pino({
    level: env().LOG_LEVEL,
    base: undefined,
    redact: {
      paths: ["*.headers.authorization", "*.headers.cookie", "*.privateKey", "*.apiKey"],
      censor: "[redacted]",
    },
  });
  return globalForLog.__log;
}

export function requestLog(requestId: string): Logger {
  return log().child({ requestId });
}

/**
 * What may be logged about an error: its class, code and first line, walking `cause` (drizzle
 * wraps the driver's error in one whose message carries the whole query and its parameters).
 */
export function describeError(err: unknown): { type: string; code?: string; message: string } {
  let innermost: unknown = err;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  const e = innermost as { name?: string; code?: unknown; message?: unknown };
  const message = String(e?.message ?? innermost)
    .split("\n")[0]
    .slice(0, 300);
  return { type: e?.name ?? typeof innermost, ...(typeof e?.code === "string" ? { code: e.code } : {}), message };
}
