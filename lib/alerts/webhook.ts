/**
 * One signed webhook request, per Standard Webhooks (https://www.standardwebhooks.com), signed
 * with the `standardwebhooks` reference package: `webhook-id` (stable across retries: the
 * receiver's idempotency key), `webhook-timestamp` (seconds, this attempt), `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, space-separated, one per valid secret while a
 * rotated secret is still honoured). The request goes to the address the SSRF guard checked, with
 * the URL's host name as Host and TLS server name; redirects are not followed; each attempt has a
 * deadline.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { checkedTarget, RefusedTargetError, type GuardSettings } from "./ssrf";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the spec's libraries read it. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The webhook-signature header value: one `v1,…` per secret. */
export function signatures(secrets: string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" ");
}

export interface WebhookRequest {
  url: string;
  id: string;
  body: string;
  secrets: string[];
  at: Date;
  timeoutMs: number;
  guard: GuardSettings;
}

export interface WebhookResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The endpoint may never be called (the guard refused its address). */
  refused: boolean;
}

/** The most of a receiver's answer that is read (and dropped). */
const ANSWER_BYTES = 4_096;

export async function sendWebhook(req: WebhookRequest): Promise<WebhookResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(req.url);
  let target;
  try {
    target = await checkedTarget(url, req.guard);
  } catch (error) {
    const refused = error instanceof RefusedTargetError;
    return { statusCode: null, error: (error as Error).message, durationMs: elapsed(), refused };
  }
  // The socket connects to the checked address, whatever the name resolves to now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const headers = {
    "content-type": "application/json",
    "user-agent": "dart-english-alerts/1",
    "webhook-id": req.id,
    "webhook-timestamp": String(Math.floor(req.at.getTime() / 1000)),
    "webhook-signature": signatures(req.secrets, req.id, req.at, req.body),
    "content-length": String(Buffer.byteLength(req.body)),
  };
  return new Promise<WebhookResult>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, error, durationMs: elapsed(), refused: false });
    };
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(
      url,
      { method: "POST", headers, lookup: pinned, servername: url.hostname, agent: false },
      (res: IncomingMessage) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const done = () => finish(status, status >= 200 && status < 300 ? null : `the receiver answered ${status}`);
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish(null, `no answer within ${req.timeoutMs} ms`);
    }, req.timeoutMs);
    outgoing.on("error", (error) => finish(null, error.message));
    outgoing.end(req.body);
  });
}
