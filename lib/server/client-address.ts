/**
 * Who the client is. Next.js keeps an X-Forwarded-For the client sent and only fills it in when
 * absent, so left alone anyone could name any address and spend someone else's rate-limit
 * budget, or none. The header is rewritten to the one address the connection vouches for
 * (TRUSTED_PROXY_COUNT, `clientAddress`), and the connection's own peer is passed on in
 * CONNECTION_PEER_HEADER (lib/http/local-request.ts), overwritten on every request so that a
 * client can never set it.
 */
import type { IncomingMessage } from "node:http";
// The leaf, not lib/http's entry: the server process loads no route code (lib/http/per-request.ts).
import { CONNECTION_PEER_HEADER } from "@/lib/http/local-request";

/**
 * The client's address: the connection's peer when nothing stands in front (`proxies` 0), else
 * the address the outermost of `proxies` trusted proxies saw — each appends the address it was
 * reached from, so the entries to its left were written by the client and are not believed.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  peer: string | undefined,
  proxies: number,
): string | undefined {
  if (peer && (proxies === 0 || !forwardedFor)) return peer;
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (peer) chain.push(peer);
  return chain.length ? chain[Math.max(0, chain.length - 1 - proxies)] : undefined;
}

export function headerText(value: string | string[] | number | undefined): string | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value.join(",") : String(value);
}

/** Rewrites the request's X-Forwarded-For to its client and its peer header to the connection's peer. */
export function settleClient(req: IncomingMessage, trustedProxies: number): void {
  const peer = req.socket.remoteAddress;
  const client = clientAddress(headerText(req.headers["x-forwarded-for"]), peer, trustedProxies);
  if (client) req.headers["x-forwarded-for"] = client;
  if (peer) req.headers[CONNECTION_PEER_HEADER] = peer;
  else delete req.headers[CONNECTION_PEER_HEADER];
}
