/**
 * The webhook SSRF guard. A receiver URL is called only when:
 * - it is https (http only in local mode), without credentials in it;
 * - every address its host resolves to is a public unicast one: never private (10/8, 172.16/12,
 *   192.168/16, fc00::/7), loopback (127/8, ::1; allowed only in local mode), link-local
 *   (169.254/16 — the cloud metadata address 169.254.169.254 among them — and fe80::/10),
 *   carrier-grade NAT, "this network", documentation, benchmarking, multicast or reserved space,
 *   nor an IPv4 address hidden in an IPv6 one (mapped, NAT64);
 * - the connection goes to the address that was checked (resolve, check, connect: the socket's
 *   lookup answers with it), so a name that resolves differently a moment later (DNS rebinding)
 *   cannot move the request elsewhere.
 * The resolver is injectable, so tests map names to any address without touching the network.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardSettings {
  /** Local mode: http and loopback receivers are allowed (never other private addresses). */
  local: boolean;
  resolve?: Resolver;
}

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const refused = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  refused.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2001::", 23],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  refused.addSubnet(net, prefix, "ipv6");

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The IPv4 address carried in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why `address` may not be called, or null when it may. */
export function refusedAddress(address: string, local: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  const type = v4 ? "ipv4" : "ipv6";
  const checked = v4 ?? address;
  if (loopback.check(checked, type)) return local ? null : `${address} is a loopback address`;
  if (refused.check(checked, type)) return `${address} is a private, link-local or reserved address`;
  return null;
}

/** Why `url` may not be a receiver, judged without resolving it (for validation); null when it may. */
export function refusedUrl(url: URL, local: boolean): string | null {
  if (url.protocol !== "https:" && !(local && url.protocol === "http:")) {
    return local ? "must be an http(s) URL" : "must be an https URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return refusedAddress(host, local);
  if (!local && /(^|\.)(localhost|local|internal|localdomain)$/i.test(host)) return `${host} is not a public host`;
  return null;
}

/** The address to connect to for `url`: resolved, every answer checked. Throws with the reason otherwise. */
export async function checkedTarget(url: URL, settings: GuardSettings): Promise<ResolvedAddress> {
  const reason = refusedUrl(url, settings.local);
  if (reason) throw new RefusedTargetError(reason);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family
    ? [{ address: host, family: family === 6 ? 6 : 4 }]
    : await (settings.resolve ?? systemResolver)(host).catch((error: unknown) => {
        throw new Error(`${host} could not be resolved: ${error instanceof Error ? error.message : String(error)}`);
      });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const a of addresses) {
    const why = refusedAddress(a.address, settings.local);
    if (why) throw new RefusedTargetError(`${host} resolves to ${why}`);
  }
  return addresses[0];
}

/** A receiver this service will not call: permanent for the endpoint (it is disabled). */
export class RefusedTargetError extends Error {
  constructor(reason: string) {
    super(`webhook address refused: ${reason}`);
    this.name = "RefusedTargetError";
  }
}
