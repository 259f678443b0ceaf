/**
 * /v1/watchlists, /v1/alerts and friends through the real route handlers, signed in with x402's
 * sign-in-with-x as @x402/extensions' client signs it (a fresh nonce from /v1/auth/nonce per
 * request), over the app's own database; and each watchlist's private Atom feed, opened by its token. Payments are not involved: the facilitator named is
 * never called (a sign-in by an EOA is checked locally).
 */
import { createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import fc from "fast-check";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as nonce } from "@/app/v1/auth/nonce/route";
import * as collection from "@/app/v1/watchlists/route";
import * as one from "@/app/v1/watchlists/[id]/route";
import * as deliveries from "@/app/v1/watchlists/[id]/deliveries/route";
import * as alerts from "@/app/v1/alerts/route";
import { GET as watchlistFeed } from "@/app/feeds/watchlists/[feed]/route";
import { resetEnv } from "@/lib/env";
import { getDb } from "@/lib/database";
import { storeFilings } from "@/lib/filing-store";
import { drainDeliveries, NO_CREDIT } from "@/lib/alerts/worker";
import { signInChallenge } from "@/lib/interface/schemas";
import { WATCHLIST_LIMITS } from "@/lib/interface/watchlists";
import { useFreshAppDatabase } from "../support/app";
import { grantAlertCredit } from "../../dev/support/alert-credit";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";

const BASE = "http://localhost:3000";
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let close: () => Promise<void>;
let receiver: Receiver;
beforeAll(async () => {
  close = await useFreshAppDatabase();
  process.env.FACILITATOR_URL = "http://127.0.0.1:9/never-called";
  process.env.X402_PAY_TO = "0x2222222222222222222222222222222222222222";
  process.env.WEBHOOK_LOCAL_RECEIVERS = "true";
  resetEnv();
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  for (const name of ["FACILITATOR_URL", "X402_PAY_TO", "WEBHOOK_LOCAL_RECEIVERS"]) delete process.env[name];
  resetEnv();
  await close();
});

async function signInHeader(key: Hex): Promise<string> {
  const response = await nonce(new Request(`${BASE}/v1/auth/nonce`), { params: Promise.resolve({}) });
  const { info, supportedChains } = signInChallenge.parse(await response.json());
  const signed = { ...info, chainId: supportedChains[0].chainId, type: supportedChains[0].type };
  return encodeSIWxHeader(await createSIWxPayload(signed, privateKeyToAccount(key), `${BASE}/`));
}

/** Calls `handler` signed in as `key` (unless `key` is null), with a JSON body. */
async function call(
  handler: Handler,
  key: Hex | null,
  {
    method = "GET",
    path = "/v1/watchlists",
    params = {},
    body,
  }: { method?: string; path?: string; params?: Record<string, string>; body?: unknown },
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers["SIGN-IN-WITH-X"] = await signInHeader(key);
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  const response = await handler(new Request(`${BASE}${path}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
}

const owner = generatePrivateKey();
const stranger = generatePrivateKey();

describe("/v1/watchlists", () => {
  it("creates, lists, reads, changes, rotates and deletes a wallet's watchlist; the secret is shown only when made", async () => {
    const created = await call(collection.POST, owner, {
      method: "POST",
      body: {
        name: "Samsung",
        tickers: ["005930"],
        eventTypes: ["rights_offering"],
        minImportance: 5,
        webhookUrl: receiver.url,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Samsung",
      tickers: ["005930"],
      eventTypes: ["RIGHTS_OFFERING"],
      minImportance: 5,
      disabled: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id: string = created.body.id;

    const listed = await call(collection.GET, owner, {});
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      wallet: privateKeyToAccount(owner).address,
      limit: WATCHLIST_LIMITS.perWallet,
      credit: 0,
    });
    expect(listed.body.watchlists.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const read = await call(one.GET, owner, { path: `/v1/watchlists/${id}`, params: { id } });
    expect(read.body).toMatchObject({ id, secretHint: `${created.body.secret.slice(0, 10)}…` });
    expect(read.body.secret).toBeUndefined();

    const changed = await call(one.PATCH, owner, {
      method: "PATCH",
      path: `/v1/watchlists/${id}`,
      params: { id },
      body: { minImportance: 3, titleWords: ["증자"] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ minImportance: 3, titleWords: ["증자"], tickers: ["005930"] });

    // A test delivery, signed with the secret: the reference library verifies it.
    receiver.setSecret(created.body.secret);
    const tested = await call(deliveries.POST, owner, {
      method: "POST",
      path: `/v1/watchlists/${id}/deliveries`,
      params: { id },
    });
    expect(tested.body).toMatchObject({ delivered: true, statusCode: 204, error: null });
    expect(receiver.deliveries.at(-1)).toMatchObject({ id: tested.body.webhookId, verified: true });

    // Rotation: a new secret, once; deliveries carry both signatures during the grace period.
    const rotated = await call(one.PATCH, owner, {
      method: "PATCH",
      path: `/v1/watchlists/${id}`,
      params: { id },
      body: { rotateSecret: true },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(changed.body.secret).toBeUndefined();
    expect(rotated.body.secret).not.toBe(created.body.secret);
    await call(deliveries.POST, owner, { method: "POST", path: `/v1/watchlists/${id}/deliveries`, params: { id } });
    const last = receiver.deliveries.at(-1)!;
    expect(last.verified).toBe(true); // still the old secret at the receiver
    receiver.setSecret(rotated.body.secret);
    await call(deliveries.POST, owner, { method: "POST", path: `/v1/watchlists/${id}/deliveries`, params: { id } });
    expect(receiver.deliveries.at(-1)!.verified).toBe(true);

    const removed = await call(one.DELETE, owner, { method: "DELETE", path: `/v1/watchlists/${id}`, params: { id } });
    expect(removed.status).toBe(204);
    const gone = await call(one.GET, owner, { path: `/v1/watchlists/${id}`, params: { id } });
    expect(gone.status).toBe(404);
  });

  it("another wallet's watchlist is a 404 for every operation, and unchanged", async () => {
    const created = await call(collection.POST, owner, { method: "POST", body: { tickers: ["005930"] } });
    const id: string = created.body.id;
    const path = `/v1/watchlists/${id}`;
    for (const [handler, method, body] of [
      [one.GET, "GET", undefined],
      [one.PATCH, "PATCH", { minImportance: 9 }],
      [one.DELETE, "DELETE", undefined],
      [deliveries.GET, "GET", undefined],
      [deliveries.POST, "POST", undefined],
    ] as const) {
      const answer = await call(handler as Handler, stranger, { method, path, params: { id }, body });
      expect(answer.status, method).toBe(404);
      expect(answer.body.error).toBe("not_found");
    }
    const page = await call(alerts.GET, stranger, { path: `/v1/alerts?watchlist=${id}` });
    expect(page.status).toBe(404);
    expect((await call(collection.GET, stranger, {})).body.watchlists).toEqual([]);
    expect((await call(one.GET, owner, { path, params: { id } })).body.minImportance).toBe(1);
  });

  it("bad input is 400 validation_failed naming the field; no sign-in is 401; other methods 405 naming the allowed ones", async () => {
    const bad = async (body: unknown, field: string) => {
      const answer = await call(collection.POST, owner, { method: "POST", body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe("validation_failed");
      expect(answer.body.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad({ tickers: ["ABC"] }, "tickers.0");
    await bad({ eventTypes: ["NOT_A_TYPE"] }, "eventTypes.0");
    await bad({ minImportance: 11 }, "minImportance");
    await bad({ markets: ["NYSE"] }, "markets.0");
    await bad({ audiences: ["everyone"] }, "audiences.0");
    await bad({ titleWords: Array.from({ length: 9 }, (_, i) => `w${i}`) }, "titleWords");
    await bad({ webhookUrl: "ftp://example.com/" }, "webhookUrl");
    await bad({ colour: "red" }, "(request)");
    await bad("not json", "(body)");
    await bad([1, 2], "(body)");

    // Outside local mode: https only, and never a private address.
    process.env.WEBHOOK_LOCAL_RECEIVERS = "false";
    resetEnv();
    try {
      await bad({ webhookUrl: "http://example.com/hook" }, "webhookUrl");
      await bad({ webhookUrl: "https://169.254.169.254/latest" }, "webhookUrl");
      await bad({ webhookUrl: "https://10.0.0.1/hook" }, "webhookUrl");
      await bad({ webhookUrl: "https://localhost/hook" }, "webhookUrl");
    } finally {
      process.env.WEBHOOK_LOCAL_RECEIVERS = "true";
      resetEnv();
    }

    const unsigned = await call(collection.POST, null, { method: "POST", body: {} });
    expect(unsigned.status).toBe(401);
    const garbage = await collection.GET(
      new Request(`${BASE}/v1/watchlists`, { headers: { "SIGN-IN-WITH-X": "bm9wZQ==" } }),
      { params: Promise.resolve({}) },
    );
    expect(garbage.status).toBe(400);

    const put = await collection.PUT(new Request(`${BASE}/v1/watchlists`, { method: "PUT" }), {
      params: Promise.resolve({}),
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    const preflight = await collection.OPTIONS(new Request(`${BASE}/v1/watchlists`, { method: "OPTIONS" }), {
      params: Promise.resolve({}),
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
  });

  it(`a wallet has at most ${WATCHLIST_LIMITS.perWallet} watchlists: the next is a 400 naming the limit`, async () => {
    const key = generatePrivateKey();
    for (let i = 0; i < WATCHLIST_LIMITS.perWallet; i++) {
      expect((await call(collection.POST, key, { method: "POST", body: { name: `w${i}` } })).status).toBe(201);
    }
    const over = await call(collection.POST, key, { method: "POST", body: { name: "one more" } });
    expect(over.status).toBe(400);
    expect(over.body.details[0].message).toMatch(/at most 20 watchlists/);
  });
});

/** Today's (KST) filings of 005930, `numbers` making their receipt numbers unique to the test. */
async function storeSamsungFilings(numbers: string[]) {
  const now = new Date();
  const day = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
  const rows = numbers.map((n) => ({
    rcept_no: `${day}0000${n}`.padEnd(14, "0"),
    rcept_dt: day,
    corp_code: "00126380",
    corp_name: "삼성전자",
    stock_code: "005930",
    report_nm: "단일판매ㆍ공급계약체결",
  }));
  await storeFilings(await getDb(), rows, now);
  return rows;
}

describe("/v1/alerts", () => {
  it("pages a watchlist's matches in order with a cursor, pushed while the wallet has credit and recorded after", async () => {
    const key = generatePrivateKey();
    const created = await call(collection.POST, key, {
      method: "POST",
      body: { tickers: ["005930"], webhookUrl: receiver.url },
    });
    const id: string = created.body.id;
    receiver.setSecret(created.body.secret);
    // Credit for two: the third alert is recorded, not pushed.
    await grantAlertCredit(await getDb(), privateKeyToAccount(key).address, 2);
    const rows = await storeSamsungFilings(["81", "82", "83"]);
    // One alert per watchlist is in flight at a time: three rounds take the three, in order.
    const totals = await drainDeliveries(await getDb(), { guard: { local: true } }, 20_000);
    expect(totals).toMatchObject({ claimed: 3, delivered: 2, unsent: 1 });

    const first = await call(alerts.GET, key, { path: `/v1/alerts?watchlist=${id}&limit=2` });
    expect(first.status).toBe(200);
    expect(first.body.alerts.map((a: { rcptNo: string }) => a.rcptNo)).toEqual(rows.slice(0, 2).map((r) => r.rcept_no));
    expect(first.body.alerts[0]).toMatchObject({ status: "delivered", charged: true, filing: { ticker: "005930" } });
    const second = await call(alerts.GET, key, {
      path: `/v1/alerts?watchlist=${id}&limit=2&cursor=${first.body.nextCursor}`,
    });
    expect(second.body.alerts.map((a: { rcptNo: string }) => a.rcptNo)).toEqual([rows[2].rcept_no]);
    expect(second.body.alerts[0]).toMatchObject({ status: "unsent", charged: false, lastError: NO_CREDIT });
    const listed = await call(collection.GET, key, {});
    expect(listed.body.credit).toBe(0);
    const caughtUp = await call(alerts.GET, key, {
      path: `/v1/alerts?watchlist=${id}&cursor=${second.body.nextCursor}`,
    });
    expect(caughtUp.body).toMatchObject({ alerts: [], nextCursor: second.body.nextCursor });
    // What was pushed verifies with the reference library.
    const pushed = receiver.deliveries.filter((d) => d.body.includes(id));
    expect(pushed).toHaveLength(2);
    expect(pushed.every((d) => d.verified)).toBe(true);
    expect(pushed.map((d) => JSON.parse(d.body).data.filing.rcptNo)).toEqual(rows.slice(0, 2).map((r) => r.rcept_no));

    const attempts = await call(deliveries.GET, key, { path: `/v1/watchlists/${id}/deliveries`, params: { id } });
    expect(
      attempts.body.deliveries.map((d: { rcptNo: string; statusCode: number }) => [d.rcptNo, d.statusCode]),
    ).toEqual(
      rows
        .slice(0, 2)
        .reverse()
        .map((r) => [r.rcept_no, 204]),
    );

    const bad = await call(alerts.GET, key, { path: `/v1/alerts?watchlist=nope` });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("watchlist");
  });
});

describe("/feeds/watchlists/{id}.atom", () => {
  /** The feed at `atomUrl` (or its path with another token, or none): status, type, caching and XML. */
  async function feed(atomUrl: string, token?: string | null) {
    const url = new URL(atomUrl);
    if (token === null) url.searchParams.delete("token");
    else if (token !== undefined) url.searchParams.set("token", token);
    const response = await watchlistFeed(new Request(url), {
      params: Promise.resolve({ feed: url.pathname.split("/").at(-1)! }),
    });
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      cache: response.headers.get("cache-control"),
      text: await response.text(),
    };
  }
  const entryIds = (xml: string) => [...xml.matchAll(/<id>urn:dart:rcept:(\d{14})<\/id>/g)].map((m) => m[1]);

  it("lists the watchlist's matches newest first with their free labels and links, at its owner's private URL", async () => {
    const created = await call(collection.POST, owner, {
      method: "POST",
      body: { name: "Samsung feed", tickers: ["005930"] },
    });
    const { id, atomUrl } = created.body as { id: string; atomUrl: string };
    expect(atomUrl).toMatch(new RegExp(`^${BASE}/feeds/watchlists/${id}\\.atom\\?token=[A-Za-z0-9_-]{43}$`));
    expect((await call(one.GET, owner, { path: `/v1/watchlists/${id}`, params: { id } })).body.atomUrl).toBe(atomUrl);

    const empty = await feed(atomUrl);
    expect(empty).toMatchObject({ status: 200, type: "application/atom+xml; charset=utf-8", cache: "no-store" });
    expect(entryIds(empty.text)).toEqual([]);

    const rows = await storeSamsungFilings(["91", "92"]);
    const filled = await feed(atomUrl);
    expect(filled.status).toBe(200);
    expect(entryIds(filled.text)).toEqual(rows.map((r) => r.rcept_no).reverse());
    expect(filled.text).toContain("<title>Samsung feed: DART filings in English (watchlist)</title>");
    expect(filled.text).toContain(`${BASE}/filings/${rows[0].rcept_no}`);
    expect(filled.text).toContain("dart.fss.or.kr");
    expect(filled.text).not.toMatch(/summaryEn|summary_en/);
  });

  it("a wrong or missing token is the same 404 as no watchlist at all; a malformed address is a 400", async () => {
    const created = await call(collection.POST, owner, { method: "POST", body: { tickers: ["005930"] } });
    const { id, atomUrl } = created.body as { id: string; atomUrl: string };
    const token = new URL(atomUrl).searchParams.get("token")!;
    const missing = await feed(atomUrl.replace(id, `wl_${"0".repeat(24)}`));
    expect(missing.status).toBe(404);
    for (const other of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "", "short", null]) {
      const refused = await feed(atomUrl, other);
      expect(refused, String(other)).toEqual(missing);
    }
    // Another watchlist's token opens only that watchlist's feed.
    const second = await call(collection.POST, owner, { method: "POST", body: {} });
    expect((await feed(atomUrl, new URL(second.body.atomUrl).searchParams.get("token"))).status).toBe(404);

    const malformed = await feed(`${BASE}/feeds/watchlists/${id}.json?token=${token}`);
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text).details[0].field).toBe("feed");

    // Whatever the address and token hold (NUL, lone surrogates, a real id): a JSON 400 or 404, never a 5xx.
    const anything = fc.string({ unit: "binary", maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(`${id}.atom`), anything), anything, async (name, other) => {
        const url = `${BASE}/feeds/watchlists/${encodeURIComponent(name)}?token=${encodeURIComponent(other)}`;
        const response = await watchlistFeed(new Request(url), { params: Promise.resolve({ feed: name }) });
        expect([400, 404]).toContain(response.status);
        expect(typeof (await response.json()).error).toBe("string");
      }),
      { numRuns: 60 },
    );
  });

  it("rotating the secret revokes the old URL; the new atomUrl opens the same feed", async () => {
    const created = await call(collection.POST, owner, { method: "POST", body: { tickers: ["005930"] } });
    const { id, atomUrl } = created.body as { id: string; atomUrl: string };
    await storeSamsungFilings(["95"]);
    const before = await feed(atomUrl);
    expect(entryIds(before.text)).toHaveLength(1);

    const rotated = await call(one.PATCH, owner, {
      method: "PATCH",
      path: `/v1/watchlists/${id}`,
      params: { id },
      body: { rotateSecret: true },
    });
    expect(rotated.body.atomUrl).not.toBe(atomUrl);
    expect((await feed(atomUrl)).status).toBe(404);
    const after = await feed(rotated.body.atomUrl);
    expect(after.status).toBe(200);
    expect(entryIds(after.text)).toEqual(entryIds(before.text));
  });
});
