/**
 * The self-hosting recipe, deploy/nginx.conf, in front of the production server (Debian's nginx
 * on free ports, TRUSTED_PROXY_COUNT=1): a free answer is cached for as long as its own
 * Cache-Control allows and served again from the cache; a paid call goes through whole — the
 * 402 challenge, then the real x402 client paying on the local chain that `npm start` runs, 200
 * with PAYMENT-RESPONSE — and neither the challenge nor the content is ever cached; the client
 * the app sees is the one nginx vouches for, whatever the client wrote into X-Forwarded-For.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayingFetch } from "@/dev/pay";
import { localChainStateFile, readLocalChainState, type LocalChainState } from "@/dev/chain";
import { freePort } from "../../dev/support/free-port";
import { stopProcessGroup } from "../../dev/support/process-group";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

const NGINX = "/usr/sbin/nginx";
const nginxInstalled = spawnSync(NGINX, ["-v"]).status === 0;
const RCPT_NO = "20260424000778"; // bundled with its real body: its summary can be sold

let server: ServerProcess | undefined;
let nginx: ChildProcess | undefined;
let dir: string | undefined;
let base: string;
let chain: LocalChainState;

/** deploy/nginx.conf as written, but for this test's ports and folders, inside a minimal main configuration. */
function nginxConfig(listen: number, upstream: string, cache: string): string {
  const site = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${listen};`],
    ["server 127.0.0.1:3000;", `server ${upstream};`],
    ["/var/cache/nginx/dart-english", cache],
  ];
  let adapted = site;
  for (const [from, to] of replacements) {
    expect(site, `deploy/nginx.conf no longer holds ${from}`).toContain(from);
    adapted = adapted.replace(from, to);
  }
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  return [
    "daemon off;",
    "worker_processes 1;",
    `user ${userInfo().username};`,
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    `http { access_log off; ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join(" ")}`,
    adapted,
    "}",
  ].join("\n");
}

beforeAll(async () => {
  if (!nginxInstalled) return;
  server = await startProductionServer({ quiet: true, env: { TRUSTED_PROXY_COUNT: "1" } });
  chain = (await readLocalChainState(localChainStateFile(server.dataDir)))!;
  dir = mkdtempSync(path.join(tmpdir(), "e2e-nginx-"));
  mkdirSync(path.join(dir, "cache"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(port, new URL(server.base).host, path.join(dir, "cache")));
  nginx = spawn(NGINX, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], {
    stdio: "inherit",
    detached: true,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(`nginx did not start: ${readFileSync(path.join(dir, "error.log"), "utf8")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  if (nginx) await stopProcessGroup(nginx);
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!nginxInstalled)(
  `behind deploy/nginx.conf${nginxInstalled ? "" : " — skipped: nginx is not installed (apt-get install -y nginx)"}`,
  () => {
    it("a free answer is cached per its Cache-Control and served again from the cache", async () => {
      for (const p of ["/v1/vocabulary", "/v1/companies?q=samsung", "/v1/disclosures/recent?limit=4"]) {
        const first = await fetch(base + p);
        expect(first.status, p).toBe(200);
        expect(first.headers.get("x-cache-status"), p).toBe("MISS");
        const again = await fetch(base + p);
        expect(again.headers.get("x-cache-status"), p).toBe("HIT");
        expect(await again.text()).toBe(await first.text());
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
  },
);
