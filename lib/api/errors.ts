/**
 * Typed API errors: the code decides the status and what a client may see. Anything that is
 * not an ApiError is logged on the server and reaches the client only as `internal_error`.
 */
export type ApiErrorCode =
  | "validation_failed"
  | "not_found"
  | "method_not_allowed"
  | "unauthorized"
  | "summary_not_available"
  | "summary_unavailable"
  | "service_unavailable"
  | "payments_unavailable"
  | "internal_error";

const STATUS: Record<ApiErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  summary_not_available: 422,
  internal_error: 500,
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
