/**
 * What every API answer does for its request, whether a route handler answers it or the
 * self-hosted server's HTTP layer replays it (./replay.ts): its X-Request-Id, the anti-abuse
 * limit, and the access log line. Reads request headers through `get`, so a WHATWG Request's
 * headers and a node request's serve alike.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { PAYMENT_REQUEST_HEADERS as PAYMENT_HEADER_NAMES } from "@/lib/interface/headers";
import { describeError, log, requestLog } from "@/lib/log";
import { clientKey, processRateLimit, type LimitVerdict } from "@/lib/rate-limit";

export type RequestHeaders = Pick<Headers, "get">;

/** Request headers that carry an x402 payment (v2, and the v1 name paidRoute also reads). */
export const PAYMENT_REQUEST_HEADERS = PAYMENT_HEADER_NAMES.map((name) => name.toLowerCase());

/** A node request's headers read like a Request's. */
export function nodeRequestHeaders(req: IncomingMessage): RequestHeaders {
  return {
    get(name) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The client's X-Request-Id when it is a plain token, else a new one. */
export function requestIdFrom(headers: RequestHeaders): string {
  const given = headers.get("x-request-id");
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * Free requests spend the client's budget before they run; a request with a payment is only
 * turned away when its earlier refused payments used up their own bucket. The limit lets
 * requests through while its store fails; a limit that cannot even be set up (its database
 * unreachable at first use) does the same: the limit never takes the service down.
 */
export async function applyRateLimit(headers: RequestHeaders, payment: boolean, requestId: string): Promise<LimitVerdict | undefined> {
  try {
    const limit = await processRateLimit();
    if (!limit) return undefined;
    const client = clientKey(headers);
    return await (payment ? limit.checkPayment(client) : limit.take(client));
  } catch (err) {
    requestLog(requestId).warn({ err: describeError(err) }, "rate limit unavailable; request let through");
    return undefined;
  }
}

/** After a payment was refused or malformed; as above, never fails a request over the limit's store. */
export async function chargeRefusedPayment(headers: RequestHeaders): Promise<void> {
  try {
    await (await processRateLimit())?.chargeRefusedPayment(clientKey(headers));
  } catch {
    /* the store's outage is logged by the limit */
  }
}

/** The access log: one line per request at LOG_LEVEL=debug (off by default, it costs throughput). */
export function logAnswer(requestId: string, method: string | undefined, url: string, status: number, started: number): void {
  if (!log().isLevelEnabled("debug")) return;
  const query = url.indexOf("?");
  const path = url.startsWith("/") ? (query < 0 ? url : url.slice(0, query)) : new URL(url).pathname;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  requestLog(requestId).debug({ method, path, status, ms }, "request");
}
