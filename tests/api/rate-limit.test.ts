/**
 * The anti-abuse layer: the token bucket itself (in memory, and in the service's database so
 * two instances share it), and the route wrapper's use of it — 429 in the spec's error shape
 * with Retry-After and RateLimit-* headers, per client, and payments never counted before
 * verification while refused payments are.
 */
import { afterEach, describe, expect, it } from "vitest";
import { apiRoute } from "@/lib/api/route";
import { resetEnv } from "@/lib/env";
import { clientKey, createRateLimit, databaseStore, resetRateLimit } from "@/lib/rate-limit";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";
import { describeEachDatabase } from "../support/each-database";

const noParams = { params: Promise.resolve({}) };
const from = (ip: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/v1/vocabulary", { headers: { "x-forwarded-for": `${ip}, 10.0.0.1`, ...headers } });

function withBudget(perMinute: number) {
  process.env.RATE_LIMIT_PER_MINUTE = String(perMinute);
  process.env.RATE_LIMIT_STORE = "memory";
  resetEnv();
  resetRateLimit();
}

afterEach(() => {
  delete process.env.RATE_LIMIT_PER_MINUTE;
  delete process.env.RATE_LIMIT_STORE;
  resetEnv();
  resetRateLimit();
});

describe("the token bucket", () => {
  it("lets the budget through, then says when to come back", async () => {
    const limit = createRateLimit(3);
    for (let i = 0; i < 3; i++) expect((await limit.take("a")).limited).toBe(false);
    const refused = await limit.take("a");
    expect(refused.limited).toBe(true);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0);
    expect(Number(refused.headers["Retry-After"])).toBeLessThanOrEqual(60);
    expect(refused.headers["RateLimit-Remaining"]).toBe("0");
    expect(refused.headers["RateLimit-Limit"]).toBe("3");
    expect((await limit.take("b")).limited).toBe(false); // another client has its own bucket
  });

  it("takes the client from the trusted header's first address", () => {
    expect(clientKey(new Headers({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" }))).toBe("203.0.113.9");
    expect(clientKey(new Headers({ "x-real-ip": "198.51.100.2" }), "x-real-ip")).toBe("198.51.100.2");
    expect(clientKey(new Headers())).toBe("unknown");
  });
});

describeEachDatabase("the bucket in the service's database", (db) => {
  it("is shared by two instances", async () => {
    const one = createRateLimit(2, databaseStore(db()));
    const two = createRateLimit(2, databaseStore(db()));
    expect((await one.take("shared")).limited).toBe(false);
    expect((await two.take("shared")).limited).toBe(false);
    const third = await one.take("shared");
    expect(third.limited).toBe(true);
    expect(third.headers["Retry-After"]).toBeDefined();
    expect((await two.take("other")).limited).toBe(false);
  });
});

describe("free routes", () => {
  it("answer 429 rate_limited with Retry-After and RateLimit-* once a client's budget is spent", async () => {
    withBudget(2);
    for (let i = 0; i < 2; i++) {
      const ok = await vocabulary(from("203.0.113.7"), noParams);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-limit")).toBe("2");
    }
    const refused = await vocabulary(from("203.0.113.7"), noParams);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "rate_limited", message: expect.stringMatching(/retry after \d+ s/) });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect((await vocabulary(from("203.0.113.8"), noParams)).status).toBe(200);
  });

  it("are not limited with RATE_LIMIT_PER_MINUTE=0", async () => {
    withBudget(0);
    for (let i = 0; i < 5; i++) {
      const res = await vocabulary(from("203.0.113.7"), noParams);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBeNull();
    }
  });
});

describe("requests carrying a payment", () => {
  let answers: number[] = [];
  let handled = 0;
  // A paid route's shape: the handler answers 402 for a refused payment, 200 for a settled one.
  const paid = apiRoute({ cache: "none" }, async () => {
    handled++;
    return new Response("{}", { status: answers.shift() ?? 200 });
  });
  const pay = (ip: string) => paid(from(ip, { "PAYMENT-SIGNATURE": "eyJ4IjoxfQ==" }), noParams);

  it("reach verification even when the client's free budget is spent", async () => {
    withBudget(2);
    for (let i = 0; i < 2; i++) await vocabulary(from("198.51.100.1"), noParams);
    expect((await vocabulary(from("198.51.100.1"), noParams)).status).toBe(429);
    handled = 0;
    answers = [200, 200, 200];
    for (let i = 0; i < 3; i++) expect((await pay("198.51.100.1")).status).toBe(200);
    expect(handled).toBe(3); // valid payments are never counted
  });

  it("are turned away before verification once refused payments spent their own budget", async () => {
    withBudget(2);
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
});
