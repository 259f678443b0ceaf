/**
 * Whether a request comes from this machine's own browser or tools, for what only a developer's
 * machine may have (the local chain's development wallet): the connection's own peer is a
 * loopback address and nothing forwarded the request for another address, the Host is a loopback
 * name, and no other site asked for it. The peer travels in CONNECTION_PEER_HEADER, which the
 * self-hosted server (lib/server/client-address.ts) always overwrites; without that server the
 * header is absent and nothing is local.
 */

export const CONNECTION_PEER_HEADER = "x-dart-connection-peer";

const LOOPBACK_ADDRESS = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** localhost, 127.x.y.z or [::1], with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/i;

/** Sec-Fetch-Site values of a request the page itself (or the reader, typing the address) made. */
const NOT_CROSS_SITE = new Set(["same-origin", "none"]);

export function isLocalRequest(headers: Pick<Headers, "get">): boolean {
  const peer = headers.get(CONNECTION_PEER_HEADER);
  if (!peer || !LOOPBACK_ADDRESS.test(peer)) return false;
  // The server names the client in X-Forwarded-For: a proxy on this machine forwarding for someone else is not local.
  const client = headers.get("x-forwarded-for")?.split(",")[0].trim();
  if (client !== peer) return false;
  const host = headers.get("host");
  if (!host || !LOOPBACK_HOST.test(host)) return false;
  const site = headers.get("sec-fetch-site");
  if (site && !NOT_CROSS_SITE.has(site)) return false;
  const origin = headers.get("origin");
  return !origin || origin.toLowerCase() === `http://${host.toLowerCase()}`;
}
