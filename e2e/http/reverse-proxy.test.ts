/**
 * The self-hosting recipe, deploy/nginx.conf, in front of the production server (Debian's nginx
 * on free ports, TRUSTED_PROXY_COUNT=1): a free answer is cached for as long as its own
 * Cache-Control allows and served again from the cache; a paid call goes through whole — the
 * 402 challenge, then the real x402 client paying on the local chain that `npm start` runs, 200
 * with PAYMENT-RESPONSE — and neither the challenge nor the content is ever cached; the client
 * the app sees is the one nginx vouches for, whatever the client wrote into X-Forwarded-For, and
 * one client's request the app holds never holds another client's request for the same address.
 */
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayingFetch } from "@/dev/pay";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "@/dev/chain";
import { nginxInstalled as hasNginx, startNginx, type RunningNginx } from "../../dev/support/nginx";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

const nginxInstalled = hasNginx();
const RCPT_NO = "20260424000778"; // bundled with its real body: its summary can be sold

/** A GET from the loopback address `from` (each its own client to nginx): its status, and when it ended. */
function getFrom(from: string, url: string): Promise<{ status: number; endedAt: number }> {
  return new Promise((resolve, reject) => {
    request(url, { localAddress: from }, (res) =>
      res.resume().on("end", () => resolve({ status: res.statusCode ?? 0, endedAt: performance.now() })),
    )
      .on("error", reject)
      .end();
  });
}

let server: ServerProcess | undefined;
let nginx: RunningNginx | undefined;
let base: string;
let chain: LocalChainState;

beforeAll(async () => {
  if (!nginxInstalled) return;
  server = await startProductionServer({ quiet: true, env: { TRUSTED_PROXY_COUNT: "1", RATE_LIMIT_PER_SECOND: "20" } });
  chain = (await readLocalChainState(localChainStateFile(server.dataDir)))!;
  nginx = await startNginx(new URL(server.base).host);
  base = nginx.base;
});

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

describe.skipIf(!nginxInstalled)(
  `behind deploy/nginx.conf${nginxInstalled ? "" : " — skipped: nginx is not installed (apt-get install -y nginx)"}`,
  () => {
    it("a free answer is cached per its Cache-Control and served again from the cache", async () => {
      for (const p of ["/v1/vocabulary", "/v1/companies?q=samsung", "/v1/disclosures/recent?limit=4"]) {
        const first = await fetch(base + p);
        expect(first.status, p).toBe(200);
        expect(first.headers.get("x-cache-status"), p).toBe("MISS");
        const body = await first.text(); // stored once nginx has all of it
        const again = await fetch(base + p);
        expect(again.headers.get("x-cache-status"), p).toBe("HIT");
        expect(await again.text()).toBe(body);
        expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
      }
    });

    it("a request carrying a payment, and an answer the app marks no-store, never come from the cache", async () => {
      await (await fetch(`${base}/v1/pricing`)).arrayBuffer();
      const withPayment = await fetch(`${base}/v1/pricing`, { headers: { "X-PAYMENT": "1" } });
      expect(withPayment.headers.get("x-cache-status")).toBe("BYPASS");
      for (let i = 0; i < 2; i++) {
        const health = await fetch(`${base}/api/health`);
        expect(health.headers.get("x-cache-status")).toBe("MISS");
        await health.arrayBuffer();
      }
    });

    it("a paid call: the challenge, then paid with the x402 client on the local chain, and never cached", async () => {
      const url = `${base}/v1/disclosures/summary?rcptNo=${RCPT_NO}`;
      const challenge = await fetch(url);
      expect(challenge.status).toBe(402);
      expect(challenge.headers.get("payment-required")).toBeTruthy();
      expect(challenge.headers.get("x-cache-status")).toBe("MISS");
      await challenge.arrayBuffer();

      const pay = createPayingFetch({
        privateKey: chain.payerPrivateKeys[2],
        network: chain.network,
        allowedAsset: chain.asset,
      });
      const paid = await pay(url);
      expect(paid.status).toBe(200);
      expect(decodePaymentResponseHeader(paid.headers.get("payment-response")!)).toMatchObject({
        success: true,
        network: chain.network,
      });
      expect(paid.headers.get("x-cache-status")).toBe("BYPASS");
      expect((await paid.json()).rcptNo).toBe(RCPT_NO);

      const unpaidAgain = await fetch(url);
      expect(unpaidAgain.status).toBe(402); // the content was not kept for the next caller
      await unpaidAgain.arrayBuffer();
    });

    it("the client the app limits is the address nginx saw, whatever X-Forwarded-For the client sent", async () => {
      const remaining: number[] = [];
      for (const forged of ["203.0.113.1", "203.0.113.2, 198.51.100.9"]) {
        const res = await fetch(`${base}/v1/nope`, { headers: { "X-Forwarded-For": forged } });
        expect(res.status).toBe(404);
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
      }
      expect(remaining[1]).toBe(remaining[0] - 1);
    });

    it("a client's request the app holds (its refusal paced) never holds another client's request for the same URL", async () => {
      // The refused client: its second's budget (20 here) spent on answers nginx cannot serve from its cache.
      const refused = "127.0.0.2";
      let status = 0;
      for (let i = 0; status !== 429 && i < 100; i++) status = (await getFrom(refused, `${base}/v1/nope-${i}`)).status;
      expect(status).toBe(429);
      const url = `${base}/v1/companies?q=held-elsewhere`;
      const held = getFrom(refused, url); // answered 429 only when its Retry-After has nearly passed
      await sleep(100); // its request is with the app now
      const other = await getFrom("127.0.0.3", url);
      expect(other.status).toBe(200);
      const refusedAnswer = await held;
      expect(refusedAnswer.status).toBe(429);
      // With proxy_cache_lock, nginx kept the second client waiting for the first one's answer.
      expect(other.endedAt).toBeLessThan(refusedAnswer.endedAt);
    });
  },
);
