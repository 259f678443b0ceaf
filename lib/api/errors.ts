/**
 * Typed API errors: the code decides the status and what a client may see. Anything that is
 * not an ApiError is logged on the server and reaches the client only as `internal_error`.
 */
import { isDatabaseUnreachable } from "@/db/client";
import { describeError, requestLog } from "@/lib/log";
import { jsonResponse } from "./http";

export type ApiErrorCode =
  | "validation_failed"
  | "not_found"
  | "method_not_allowed"
  | "unauthorized"
  | "summary_not_available"
  | "summary_unavailable"
  | "service_unavailable"
  | "payments_unavailable"
  | "internal_error"
  | "rate_limited";

const STATUS: Record<ApiErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  summary_not_available: 422,
  internal_error: 500,
  rate_limited: 429,
  summary_unavailable: 503,
  service_unavailable: 503,
  payments_unavailable: 503,
};

export interface ValidationDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = STATUS[code];
  }

  static validation(details: ValidationDetail[]): ApiError {
    return new ApiError("validation_failed", "The request has invalid parameters.", { details });
  }

  static notFound(message: string): ApiError {
    return new ApiError("not_found", message);
  }

  /** The JSON body a client sees. */
  toBody(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** Seconds a client is asked to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(): ApiError {
  return new ApiError("service_unavailable", "The database is unreachable; try again shortly.", {
    retryAfter: DATABASE_RETRY_AFTER_SECONDS,
  });
}

/**
 * What a client may be told about `err`, whatever the transport (HTTP, MCP): an ApiError as it
 * is, a database that cannot be reached as 503 `service_unavailable`; undefined for anything
 * else, which is logged and answered as `internal_error`.
 */
export function apiErrorOf(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  return isDatabaseUnreachable(err) ? databaseUnavailable() : undefined;
}

/** The JSON error answer for anything thrown while handling a request; `requestId` marks its log line. */
export function errorResponse(err: unknown, requestId?: string): Response {
  const error = apiErrorOf(err);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const log = requestLog(requestId ?? "-");
  if (error) {
    if (typeof error.extra.retryAfter === "number") headers["Retry-After"] = String(error.extra.retryAfter);
    if (error.status >= 500)
      log.warn({ status: error.status, code: error.code, cause: describeError(err) }, error.message);
    return jsonResponse(error.toBody(), error.status, headers);
  }
  log.error({ err: describeError(err) }, "unhandled error");
  return jsonResponse({ error: "internal_error", message: "Something went wrong on our side." }, 500, headers);
}
