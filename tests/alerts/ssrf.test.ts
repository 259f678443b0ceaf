/**
 * The webhook SSRF guard, through an injected resolver: names that resolve to private, loopback,
 * link-local or metadata addresses are refused outside local mode before any connection is
 * opened; a name that would resolve elsewhere a moment later (rebinding) is connected to the
 * address that was checked. No test connects anywhere but loopback.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { checkedTarget, refusedAddress, refusedUrl, type Resolver } from "@/lib/alerts/ssrf";
import { sendWebhook } from "@/lib/alerts/webhook";
import { newWebhookSecret } from "@/lib/alerts/webhook";

const MAP: Record<string, string[]> = {
  "private.test": ["10.1.2.3"],
  "metadata.test": ["169.254.169.254"],
  "loop6.test": ["::1"],
  "loop4.test": ["127.0.0.1"],
  "mixed.test": ["93.184.216.34", "192.168.1.10"],
  "mapped.test": ["::ffff:10.0.0.1"],
  "public.test": ["93.184.216.34"],
};
const resolver: Resolver = async (host) =>
  (MAP[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("the SSRF guard", () => {
  it.each(Object.keys(MAP).filter((h) => h !== "public.test"))("refuses %s outside local mode", async (host) => {
    await expect(checkedTarget(new URL(`https://${host}/hook`), { local: false, resolve: resolver })).rejects.toThrow(
      /webhook address refused/,
    );
  });

  it("accepts a public address, and refuses http, credentials and literal private addresses outside local mode", async () => {
    await expect(checkedTarget(new URL("https://public.test/"), { local: false, resolve: resolver })).resolves.toEqual({
      address: "93.184.216.34",
      family: 4,
    });
    expect(refusedUrl(new URL("http://public.test/"), false)).toBe("must be an https URL");
    expect(refusedUrl(new URL("https://u:p@public.test/"), false)).toBe("must not carry credentials");
    for (const ip of ["10.0.0.1", "172.16.5.5", "192.168.0.1", "169.254.169.254", "127.0.0.1", "0.0.0.0", "100.64.0.1"])
      expect(refusedAddress(ip, false)).not.toBeNull();
    for (const ip of ["::1", "fe80::1", "fd00:ec2::254", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "64:ff9b::a00:1"])
      expect(refusedAddress(ip, false)).not.toBeNull();
    expect(refusedAddress("8.8.8.8", false)).toBeNull();
    expect(refusedAddress("2606:4700::1111", false)).toBeNull();
    expect(refusedUrl(new URL("https://[::1]/"), false)).toMatch(/loopback/);
  });

  it("local mode allows http and loopback, never other private or metadata addresses", async () => {
    await expect(
      checkedTarget(new URL("http://loop4.test/"), { local: true, resolve: resolver }),
    ).resolves.toBeTruthy();
    await expect(
      checkedTarget(new URL("http://loop6.test/"), { local: true, resolve: resolver }),
    ).resolves.toBeTruthy();
    for (const host of ["private.test", "metadata.test", "mixed.test"])
      await expect(checkedTarget(new URL(`http://${host}/`), { local: true, resolve: resolver })).rejects.toThrow();
  });

  it("connects to the checked address: a name resolving to a private address on the second lookup still reaches the first", async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(String(req.headers.host));
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let lookups = 0;
    // First answer loopback (allowed locally), then a private one: a rebinding attacker's pattern.
    const rebinding: Resolver = async () => [{ address: lookups++ === 0 ? "127.0.0.1" : "10.9.9.9", family: 4 }];
    try {
      const result = await sendWebhook({
        url: `http://rebind.test:${port}/hook`,
        id: "msg_test",
        body: "{}",
        secrets: [newWebhookSecret()],
        at: new Date(),
        timeoutMs: 5_000,
        guard: { local: true, resolve: rebinding },
      });
      expect(result).toMatchObject({ statusCode: 204, error: null, refused: false });
      expect(lookups).toBe(1); // resolved once, by the guard; the socket used that answer
      expect(hits).toEqual([`rebind.test:${port}`]);
      // Outside local mode the same name is refused before anything is opened.
      const refused = await sendWebhook({
        url: `https://private.test/hook`,
        id: "msg_test",
        body: "{}",
        secrets: [newWebhookSecret()],
        at: new Date(),
        timeoutMs: 5_000,
        guard: { local: false, resolve: resolver },
      });
      expect(refused).toMatchObject({ statusCode: null, refused: true });
      expect(hits).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
