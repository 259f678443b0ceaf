/**
 * What can go wrong talking to OpenDART. HTTP is 200 even on errors, so the `status` field
 * of the body decides; each status maps to a kind that tells the caller what to do about it.
 */
export type DartErrorKind =
  /** The key is missing, unknown, suspended, expired or not allowed from this IP: a person must act. */
  | "config"
  /** Status 020: the daily request limit is used up. */
  | "quota"
  /** Status 800: DART is down for maintenance. */
  | "maintenance"
  /** A network failure or a non-2xx HTTP answer. */
  | "http"
  | "timeout"
  /** A body that is not the JSON, XML or ZIP the endpoint promises. */
  | "malformed"
  /** Any other DART status (bad field value, undefined error, ...). */
  | "api";

export class DartError extends Error {
  constructor(
    readonly kind: DartErrorKind,
    message: string,
    readonly details: {
      /** DART's status code, when DART answered with one. */
      status?: string;
      httpStatus?: number;
      /** Whether trying the same request again may succeed. */
      retryable?: boolean;
    } = {},
  ) {
    super(message);
    this.name = "DartError";
  }

  get status(): string | null {
    return this.details.status ?? null;
  }

  get retryable(): boolean {
    return this.details.retryable ?? false;
  }

  /** A short code for logs and ingest state: the DART status when there is one, else the kind. */
  get code(): string {
    return this.details.status ?? this.kind;
  }
}

/** Statuses that mean the key or the caller's network is wrong, never the request. */
const CONFIG_STATUSES = new Set(["010", "011", "012", "901"]);

/** The error for a DART status other than 000 (ok), 013 (no data) and 014 (no file). */
export function errorForStatus(status: string, dartMessage: string): DartError {
  const detail = dartMessage ? `: ${dartMessage}` : "";
  if (CONFIG_STATUSES.has(status)) {
    return new DartError("config", `OpenDART rejected the API key (status ${status}${detail})`, { status });
  }
  if (status === "020") {
    return new DartError("quota", `OpenDART request limit exceeded (status 020${detail})`, { status, retryable: true });
  }
  if (status === "800") {
    return new DartError("maintenance", `OpenDART is under maintenance (status 800${detail})`, { status });
  }
  // 900 is DART's "undefined error": transient as far as anyone can tell.
  return new DartError("api", `OpenDART answered status ${status}${detail}`, { status, retryable: status === "900" });
}
