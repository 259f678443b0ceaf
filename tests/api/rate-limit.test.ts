/**
 * The anti-abuse layer: the per-minute budget and the per-second bucket spreading it over the
 * minute, in every store (this process, the service's database, Redis), the same behaviour from
 * each — 429 in the spec's error shape with Retry-After and
 * RateLimit-* headers, per client, payments to paid routes never counted before verification
 * while refused ones are (and payment headers never exempting a free route), and one budget for
 * every instance sharing a store — and a store that fails
 * letting requests through (logged once, no secret in the log), then counting again.
 */
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRoute } from "@/lib/http/api-route";
import { parseEnv, resetEnv } from "@/lib/env";
import {
  clientKey,
  createRateLimit,
  databaseStore,
  memoryStore,
  resetRateLimit,
  type LimitStore,
  type RateLimit,
} from "@/lib/rate-limit";
import { redisStore } from "@/lib/rate-limit/redis";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";
// Named for what it does here (it is no React hook, whatever its name says).
import { useFreshAppDatabase as openFreshAppDatabase } from "../support/app";
import { usingPostgres } from "../../dev/support/database";
import { freePort } from "../../dev/support/free-port";
import { redisServerInstalled, startTestRedis, type TestRedis } from "../../dev/support/redis-server";

const noParams = { params: Promise.resolve({}) };
const from = (ip: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/v1/vocabulary", { headers: { "x-forwarded-for": `${ip}, 10.0.0.1`, ...headers } });

const STORE_ENV = ["RATE_LIMIT_PER_MINUTE", "RATE_LIMIT_PER_SECOND", "RATE_LIMIT_STORE", "REDIS_URL", "KV_URL"];

/** The process's limit (what the route wrapper uses) from these variables. */
async function withLimit(vars: Record<string, string>) {
  for (const name of STORE_ENV) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnv();
  await resetRateLimit();
}

/** Limits a test made itself (another "server"), closed after it. */
const opened: RateLimit[] = [];
function limitOn(store: LimitStore, perMinute: number, perSecond?: number): RateLimit {
  const limit = createRateLimit(perMinute, store, perSecond);
  opened.push(limit);
  return limit;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((limit) => limit.close()));
  await withLimit({});
});

/** A store under test, opened once for its suite. */
interface OpenStore {
  /** The variables that make the process's limit use it. */
  env: Record<string, string>;
  /** A store instance of its own, as another server would have. */
  store(): LimitStore;
  /** Forget every counter (before each test). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

interface StoreCase {
  name: string;
  /** Instances using it share one budget. */
  shared: boolean;
  skip?: string;
  open(): Promise<OpenStore>;
}

let redis: TestRedis | undefined;

const stores: StoreCase[] = [
  {
    name: "memory",
    shared: false,
    async open() {
      return {
        env: { RATE_LIMIT_STORE: "memory" },
        store: () => memoryStore,
        clear: async () => {},
        close: async () => {},
      };
    },
  },
  {
    name: `database (${usingPostgres ? "PostgreSQL" : "PGlite"})`,
    shared: true,
    async open() {
      const closeDatabase = await openFreshAppDatabase();
      const { getDb } = await import("@/lib/database");
      const db = await getDb();
      return {
        env: { RATE_LIMIT_STORE: "database" },
        store: () => databaseStore(db),
        clear: async () => void (await db.execute(sql`drop table if exists rate_limits`)),
        close: closeDatabase,
      };
    },
  },
  {
    name: "Redis",
    shared: true,
    skip: redisServerInstalled ? undefined : "redis-server is not installed (apt-get install -y redis-server)",
    async open() {
      redis = await startTestRedis();
      const admin = new Redis(redis.url);
      return {
        // No RATE_LIMIT_STORE: a configured Redis is the default store.
        env: { REDIS_URL: redis.url },
        store: () => redisStore(redis!.url),
        clear: async () => void (await admin.flushall()),
        async close() {
          admin.disconnect();
          await redis?.stop();
        },
      };
    },
  },
];

for (const storeCase of stores) {
  describe.skipIf(storeCase.skip)(
    `the limit in ${storeCase.name}${storeCase.skip ? ` — skipped: ${storeCase.skip}` : ""}`,
    () => {
      let store: OpenStore;
      const withBudget = (perMinute: number) => withLimit({ ...store.env, RATE_LIMIT_PER_MINUTE: String(perMinute) });

      beforeAll(async () => {
        store = await storeCase.open();
      });
      afterAll(async () => {
        await store?.close();
      });
      beforeEach(async () => {
        await store.clear();
      });

      it("lets the budget through, then says when to come back", async () => {
        const limit = limitOn(store.store(), 3);
        for (let i = 0; i < 3; i++) expect((await limit.take("a")).limited).toBe(false);
        const refused = await limit.take("a");
        expect(refused.limited).toBe(true);
        expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0);
        expect(Number(refused.headers["Retry-After"])).toBeLessThanOrEqual(60);
        expect(refused.headers["RateLimit-Remaining"]).toBe("0");
        expect(refused.headers["RateLimit-Limit"]).toBe("3");
        expect((await limit.take("b")).limited).toBe(false); // another client has its own bucket
      });

      it("refuses a burst within the second without spending the minute's budget, then lets the client on", async () => {
        const limit = limitOn(store.store(), 5, 3);
        for (let i = 0; i < 3; i++) expect((await limit.take("a")).limited).toBe(false);
        const burst = await limit.take("a");
        expect(burst.limited).toBe(true);
        // The headers name both policies and describe the one that refused.
        expect(burst.headers).toMatchObject({
          "RateLimit-Policy": "5;w=60, 3;w=1",
          "RateLimit-Limit": "3",
          "RateLimit-Remaining": "0",
          "Retry-After": "1",
        });
        expect((await limit.take("b")).limited).toBe(false); // another client's second is its own

        // The next second refills the burst; the refused request spent nothing of the minute's 5.
        let next = await limit.take("a");
        await vi.waitFor(
          async () => {
            if (next.limited) next = await limit.take("a");
            expect(next.limited).toBe(false);
          },
          { timeout: 5_000, interval: 100 },
        );
        // The minute's budget (1 left) is now the closer to refusing, so the headers describe it.
        expect(next.headers).toMatchObject({ "RateLimit-Limit": "5", "RateLimit-Remaining": "1" });
        expect((await limit.take("a")).headers["RateLimit-Remaining"]).toBe("0");
        const spent = await limit.take("a");
        expect(spent.limited).toBe(true);
        expect(spent.headers).toMatchObject({ "RateLimit-Policy": "5;w=60, 3;w=1", "RateLimit-Limit": "5" });
        expect(Number(spent.headers["Retry-After"])).toBeGreaterThan(1);
      });

      it("free routes refuse a burst over RATE_LIMIT_PER_SECOND with a 1 s Retry-After, naming both policies", async () => {
        await withLimit({ ...store.env, RATE_LIMIT_PER_MINUTE: "600", RATE_LIMIT_PER_SECOND: "2" });
        for (let i = 0; i < 2; i++) {
          const ok = await vocabulary(from("203.0.113.20"), noParams);
          expect(ok.status).toBe(200);
          expect(ok.headers.get("ratelimit-policy")).toBe("600;w=60, 2;w=1");
        }
        const refused = await vocabulary(from("203.0.113.20"), noParams);
        expect(refused.status).toBe(429);
        expect((await refused.json()).error).toBe("rate_limited");
        expect(refused.headers.get("retry-after")).toBe("1");
        expect(refused.headers.get("ratelimit-limit")).toBe("2");
        expect((await vocabulary(from("203.0.113.21"), noParams)).status).toBe(200);
      });

      if (storeCase.shared) {
        it("is one budget for two instances (two servers)", async () => {
          const one = limitOn(store.store(), 2);
          const two = limitOn(store.store(), 2);
          expect((await one.take("shared")).limited).toBe(false);
          expect((await two.take("shared")).limited).toBe(false);
          const third = await one.take("shared");
          expect(third.limited).toBe(true);
          expect(third.headers["Retry-After"]).toBeDefined();
          expect((await two.take("shared")).limited).toBe(true);
          expect((await two.take("other")).limited).toBe(false);
        });
      }

      it("free routes answer 429 rate_limited with Retry-After and RateLimit-* once a client's budget is spent", async () => {
        await withBudget(2);
        for (let i = 0; i < 2; i++) {
          const ok = await vocabulary(from("203.0.113.7"), noParams);
          expect(ok.status).toBe(200);
          expect(ok.headers.get("ratelimit-limit")).toBe("2");
        }
        const refused = await vocabulary(from("203.0.113.7"), noParams);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          error: "rate_limited",
          message: expect.stringMatching(/retry after \d+ s/),
        });
        expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(refused.headers.get("ratelimit-remaining")).toBe("0");
        expect(refused.headers.get("access-control-allow-origin")).toBe("*");
        expect((await vocabulary(from("203.0.113.8"), noParams)).status).toBe(200);
        if (storeCase.shared) {
          // The process's limit wrote to the shared store: another server sees the budget spent.
          expect((await limitOn(store.store(), 2).take("203.0.113.7")).limited).toBe(true);
        }
      });

      describe("requests carrying a payment", () => {
        let answers: number[] = [];
        let handled = 0;
        // A paid route's shape: the handler answers 402 for a refused payment, 200 for a settled one.
        const paid = apiRoute({ cache: "none", paid: true }, async () => {
          handled++;
          return new Response("{}", { status: answers.shift() ?? 200 });
        });
        const pay = (ip: string, payment: Record<string, string> = { "PAYMENT-SIGNATURE": "eyJ4IjoxfQ==" }) =>
          paid(from(ip, payment), noParams);

        it("reach verification even when the client's free budget is spent", async () => {
          await withBudget(2);
          for (let i = 0; i < 2; i++) await vocabulary(from("198.51.100.1"), noParams);
          expect((await vocabulary(from("198.51.100.1"), noParams)).status).toBe(429);
          handled = 0;
          answers = [200, 200, 200];
          for (let i = 0; i < 3; i++) expect((await pay("198.51.100.1")).status).toBe(200);
          expect(handled).toBe(3); // valid payments are never counted
        });

        it("are turned away before verification once refused payments spent their own budget", async () => {
          await withBudget(2);
          handled = 0;
          answers = [402, 402];
          expect((await pay("198.51.100.2")).status).toBe(402);
          expect((await pay("198.51.100.2")).status).toBe(402);
          const refused = await pay("198.51.100.2");
          expect(refused.status).toBe(429);
          expect((await refused.json()).error).toBe("rate_limited");
          expect(handled).toBe(2);
          answers = [200];
          expect((await pay("198.51.100.3")).status).toBe(200); // someone else's payments are unaffected
        });

        it("that deliver nothing (invalid query, unknown filing, fake header) spend the refused-payment budget", async () => {
          await withBudget(2);
          answers = [400, 404];
          expect((await pay("198.51.100.4", { "X-PAYMENT": "1" })).status).toBe(400);
          expect((await pay("198.51.100.4", { "PAYMENT-SIGNATURE": "x" })).status).toBe(404);
          expect((await pay("198.51.100.4", { "X-PAYMENT": "1" })).status).toBe(429);
          // An outage is not the payer's fault.
          answers = [503, 503, 503];
          for (let i = 0; i < 3; i++) expect((await pay("198.51.100.5")).status).toBe(503);
        });

        it("on a free route are counted like any other request", async () => {
          await withBudget(2);
          for (const payment of [{ "X-PAYMENT": "1" }, { "PAYMENT-SIGNATURE": "x" }] as Record<string, string>[]) {
            expect((await vocabulary(from("198.51.100.6", payment), noParams)).status).toBe(200);
          }
          expect((await vocabulary(from("198.51.100.6", { "X-PAYMENT": "1" }), noParams)).status).toBe(429);
        });
      });
    },
  );
}

describe("the limit's configuration", () => {
  it("takes the client from the trusted header's first address", () => {
    expect(clientKey(new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }))).toBe("203.0.113.9");
    expect(clientKey(new Headers({ "x-real-ip": "198.51.100.2" }), "x-real-ip")).toBe("198.51.100.2");
    expect(clientKey(new Headers())).toBe("unknown");
  });

  it("is off with RATE_LIMIT_PER_MINUTE=0", async () => {
    await withLimit({ RATE_LIMIT_PER_MINUTE: "0" });
    for (let i = 0; i < 5; i++) {
      const res = await vocabulary(from("203.0.113.7"), noParams);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });

  it("spreads the minute's budget with a per-second bucket: a fifteenth of it by default, at least 10, 0 for none", async () => {
    expect(parseEnv({}).RATE_LIMIT_PER_SECOND).toBe(40);
    expect(parseEnv({ RATE_LIMIT_PER_MINUTE: "120" }).RATE_LIMIT_PER_SECOND).toBe(10);
    expect(parseEnv({ RATE_LIMIT_PER_MINUTE: "6000" }).RATE_LIMIT_PER_SECOND).toBe(400);
    expect(parseEnv({ RATE_LIMIT_PER_SECOND: "50" }).RATE_LIMIT_PER_SECOND).toBe(50);
    expect(() => parseEnv({ RATE_LIMIT_PER_SECOND: "-1" })).toThrow(/RATE_LIMIT_PER_SECOND/);

    await withLimit({ RATE_LIMIT_PER_MINUTE: "600" });
    expect((await vocabulary(from("203.0.113.30"), noParams)).headers.get("ratelimit-policy")).toBe("600;w=60, 40;w=1");
    await withLimit({ RATE_LIMIT_PER_MINUTE: "600", RATE_LIMIT_PER_SECOND: "0" });
    expect((await vocabulary(from("203.0.113.30"), noParams)).headers.get("ratelimit-policy")).toBe("600;w=60");
    // A burst bucket no smaller than the minute's budget could never refuse anything: left out.
    await withLimit({ RATE_LIMIT_PER_MINUTE: "5" });
    expect((await vocabulary(from("203.0.113.30"), noParams)).headers.get("ratelimit-policy")).toBe("5;w=60");
  });

  it("keeps counters in Redis when a Redis URL is configured, unless RATE_LIMIT_STORE says otherwise", () => {
    const upstash = "rediss://default:token@example.upstash.io:6379";
    expect(parseEnv({}).RATE_LIMIT_STORE).toBe("memory");
    expect(parseEnv({ REDIS_URL: upstash }).RATE_LIMIT_STORE).toBe("redis");
    expect(parseEnv({ KV_URL: upstash }).RATE_LIMIT_STORE).toBe("redis");
    expect(parseEnv({ KV_URL: upstash, RATE_LIMIT_STORE: "database" }).RATE_LIMIT_STORE).toBe("database");
    expect(() => parseEnv({ RATE_LIMIT_STORE: "redis", KV_REST_API_URL: "https://example.upstash.io" })).toThrow(
      /REDIS_URL: is required/,
    );
    expect(() => parseEnv({ REDIS_URL: "example.upstash.io:6379" })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\//,
    );
  });
});

describe.skipIf(!redisServerInstalled)("a Redis that fails", () => {
  const lines: Record<string, unknown>[] = [];
  const state = globalThis as { __log?: Logger };
  let previous: Logger | undefined;
  let server: TestRedis;

  beforeAll(async () => {
    previous = state.__log;
    state.__log = pino({ level: "info", base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
    server = await startTestRedis();
  });
  afterAll(async () => {
    state.__log = previous;
    await server?.stop();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it("stopped: requests go through uncounted, logged once without the password, and are counted again once it is back", async () => {
    await withLimit({ REDIS_URL: server.url, RATE_LIMIT_PER_MINUTE: "2" });
    expect((await vocabulary(from("192.0.2.1"), noParams)).headers.get("ratelimit-remaining")).toBe("1");
    await server.stop();
    for (let i = 0; i < 5; i++) {
      const res = await vocabulary(from("192.0.2.1"), noParams);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull(); // not counted
    }
    const paidMeanwhile = await apiRoute(
      { cache: "none", paid: true },
      async () => new Response("{}", { status: 402 }),
    )(from("192.0.2.1", { "PAYMENT-SIGNATURE": "eyJ4IjoxfQ==" }), noParams);
    expect(paidMeanwhile.status).toBe(402); // the refused payment is not charged to a store that is down, nor failed
    expect(lines.filter((l) => l.msg === "rate limit store unavailable; requests go through uncounted")).toHaveLength(
      1,
    );

    await server.start(); // empty, on the same port: the client reconnects by itself
    await vi.waitFor(
      async () => expect((await vocabulary(from("192.0.2.2"), noParams)).headers.get("ratelimit-limit")).toBe("2"),
      { timeout: 15_000, interval: 200 },
    );
    expect(lines.find((l) => l.msg === "rate limit store answering again")).toMatchObject({
      letThrough: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain(server.password);
  });

  it("paused (connections open, no answers): requests go through instead of waiting on it", async () => {
    const limit = limitOn(redisStore(server.url), 2);
    expect((await limit.take("192.0.2.3")).headers["RateLimit-Remaining"]).toBe("1");
    server.pause();
    try {
      for (let i = 0; i < 5; i++) expect(await limit.take("192.0.2.3")).toEqual({ limited: false, headers: {} });
      expect(await limit.checkPayment("192.0.2.3")).toEqual({ limited: false, headers: {} });
    } finally {
      server.resume();
    }
    await vi.waitFor(async () => expect((await limit.take("192.0.2.3")).limited).toBe(true), {
      timeout: 15_000,
      interval: 200,
    });
  });

  it("unreachable from the start: requests go through", async () => {
    const nothingThere = `redis://:secret-password@127.0.0.1:${await freePort()}`;
    const limit = limitOn(redisStore(nothingThere), 1);
    for (let i = 0; i < 3; i++) expect(await limit.take("192.0.2.4")).toEqual({ limited: false, headers: {} });
    expect(JSON.stringify(lines)).not.toContain("secret-password");
  });
});
