/**
 * The self-hosted server's request path (lib/server), on a real node:http server with a handler
 * standing in for Next.js's: per-client lanes, a client the limit refused answered 429 before
 * routing (paced, payment header or not), CONNECT answered instead of dropped, a request without
 * Host answered in JSON, an Upgrade answered rather than closed, the client and peer headers a
 * client cannot set, query text with control characters never reaching a route's database (400
 * from the JSON routes, ignored by pages); and the feed's company filter with a NUL read as no
 * filter by the real route.
 */
import { Agent, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportVerdict } from "@/lib/http/verdict-channel";
import { createLanes, createRequestPath } from "@/lib/server";
import { createTurns } from "@/lib/server/lanes";
import { withoutControlCharacters } from "@/lib/server/request-target";
import { feedViewQuery } from "@/lib/interface/schemas";
import { GET as feed } from "@/app/api/feed/route";
import { GET as recentAtom } from "@/app/feeds/recent.atom/route";
import { call, useFreshAppDatabase } from "../support/app";

const CONCURRENT = 2;
const WAITING = 1;
/** How long a refused client waits for its 429 here. */
const PACE_MS = 300;

/** A paid route: a payment header there is a payment, anywhere else it changes nothing. */
const PAID = "/v1/disclosures/summary";

/** What the test's handler was asked, and the requests it holds until told to answer. */
const seen: string[] = [];
/** The headers the handler was given, by path. */
const given = new Map<string, IncomingMessage["headers"]>();
const held: ServerResponse[] = [];
let server: Server;
let port: number;

/** The request's headers as a route reads them. */
const headersOf = (req: IncomingMessage) => ({ get: (name: string) => (req.headers[name] as string) ?? null });

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push(`${req.headers["x-forwarded-for"]} ${req.url}`);
  given.set(req.url!, req.headers);
  if (req.url?.includes("hold")) {
    held.push(res);
    return;
  }
  if (req.url?.includes("refuse-payment")) {
    // As lib/http/per-request.ts reports a payment the route refused.
    reportVerdict(headersOf(req), { kind: "refused-payment" });
    res.writeHead(402).end('{"error":"payment_invalid"}');
    return;
  }
  if (req.url?.includes("busy")) {
    // A request that holds the thread, as a PGlite query does: no other request runs meanwhile.
    const until = performance.now() + 5;
    while (performance.now() < until);
  }
  if (req.url?.startsWith("/limited")) {
    // As lib/http/per-request.ts reports the limit's verdict on a free request over its budget, and answers it.
    const headers = { "Retry-After": "30", "RateLimit-Policy": "5;w=60", "RateLimit-Limit": "5" };
    reportVerdict(headersOf(req), { kind: "free", verdict: { limited: true, headers } });
    res.writeHead(429, headers).end('{"error":"rate_limited"}');
    return;
  }
  res.writeHead(200, { "Content-Type": "text/plain" }).end(req.url);
}

/** One request from `client` (the address the proxy in front vouches for). */
function get(path: string, client: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { port, path, method, headers: { "x-forwarded-for": client, connection: "close", ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", reject).end();
  });
}

/** Raw bytes in, whatever comes back until the server closes. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    socket.on("close", () => resolve(answer)).on("error", reject);
  });
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
};

beforeAll(async () => {
  server = createRequestPath(handle, {
    trustedProxies: 1,
    clientHeader: "x-forwarded-for",
    // Clients stay active for the whole file: the lanes' shares do not depend on how fast it runs.
    lanes: createLanes({ concurrent: CONCURRENT, waiting: WAITING, waitMs: 60_000, activeMs: 600_000 }),
    refusalPaceMs: PACE_MS,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const res of held.splice(0)) res.end();
  await new Promise((resolve) => server.close(resolve));
});

describe("lanes", () => {
  it("hold one client to its lanes and a short queue; other clients are served meanwhile", async () => {
    const answered: Awaited<ReturnType<typeof get>>[] = [];
    const flooder = Array.from({ length: CONCURRENT + WAITING + 2 }, (_, i) =>
      get(`/hold/${i}`, "10.0.0.1").then((answer) => {
        answered.push(answer);
        return answer;
      }),
    );
    // Beyond its lanes and queue, the flooder's requests are refused without reaching the app.
    await until(() => held.length === CONCURRENT && answered.length === 2);
    for (const answer of answered) {
      expect(answer.status).toBe(429);
      expect(answer.headers["retry-after"]).toBe("1");
      expect(JSON.parse(answer.body)).toMatchObject({ error: "rate_limited" });
    }
    expect(seen.filter((line) => line.startsWith("10.0.0.1 /hold"))).toHaveLength(CONCURRENT);

    // Another client is not behind the flooder.
    expect((await get("/other", "10.0.0.2")).status).toBe(200);

    // A payment takes no lane: it is never lost to one.
    expect((await get(PAID, "10.0.0.1", { "X-PAYMENT": "x" })).status).toBe(200);
    // A payment header on a free route is no payment: it takes a lane, refused while they are full.
    const started = performance.now();
    const posing = await get("/v1/vocabulary", "10.0.0.1", { "X-PAYMENT": "1" });
    expect(posing.status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(PACE_MS - 20); // paced like any refusal

    // With another client active, the flooder's share is half the lanes: a freed lane goes to the
    // request that waited only once the flooder is below its share.
    held.shift()!.end("done");
    await until(() => answered.length === 3);
    expect(seen.filter((line) => line.startsWith("10.0.0.1 /hold"))).toHaveLength(CONCURRENT);
    held.shift()!.end("done");
    await until(() => held.length === 1 && answered.length === 4);
    expect(seen.filter((line) => line.startsWith("10.0.0.1 /hold"))).toHaveLength(CONCURRENT + WAITING);
    for (const res of held.splice(0)) res.end("done");
    const statuses = (await Promise.all(flooder)).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429]);

    // All its lanes free again: the client is served as before.
    expect((await get("/again", "10.0.0.1")).status).toBe(200);
  });

  it("share out between active clients: each gets an equal part, at least one", async () => {
    const lanes = createLanes({ concurrent: 4, waiting: 4, activeMs: 600_000 });
    const flooder = [1, 2, 3, 4].map(() => lanes.enter("a") as () => void);
    expect(flooder.every((release) => typeof release === "function")).toBe(true);
    expect(typeof lanes.enter("b")).toBe("function"); // a second client: two lanes each from now on
    let admitted = false;
    void (lanes.enter("a") as Promise<unknown>).then((release) => (admitted = release !== null));
    flooder[0]();
    flooder[1]();
    await Promise.resolve();
    expect(admitted).toBe(false); // the flooder still holds its two
    flooder[2]();
    await until(() => admitted);
    expect(lanes.load()).toEqual({ running: 3, waiting: 0 }); // a: 2 (its last and the one that waited), b: 1
  });

  it("refuse a waiting request after the wait, and count a client that left while waiting no more", async () => {
    const lanes = createLanes({ concurrent: 1, waiting: 1, waitMs: 20 });
    const release = lanes.enter("a");
    expect(typeof release).toBe("function");
    expect(await lanes.enter("a")).toBeNull(); // waited its time, never got a lane
    (release as () => void)();
    (release as () => void)(); // a second release frees nothing more
    expect(lanes.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("turns", () => {
  it("start a request from another client after at most one more of a burst that arrived first", async () => {
    // Connections already open, as a flooder's are: thirty requests arrive in one read of the sockets.
    const burstAgent = new Agent({ keepAlive: true, maxSockets: 30 });
    const otherAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (agent: Agent, path: string, client: string) =>
      new Promise<number>((resolve, reject) => {
        // Payments take no lane, so all thirty reach the turns together.
        const headers = { "x-forwarded-for": client, "X-PAYMENT": "x" };
        path = `${PAID}?at=${path}`;
        httpRequest({ host: "127.0.0.1", port, path, agent, headers }, (res) =>
          res.resume().on("end", () => resolve(res.statusCode!)),
        )
          .on("error", reject)
          .end();
      });
    try {
      await Promise.all(Array.from({ length: 30 }, (_, i) => send(burstAgent, `/warm/${i}`, "10.0.2.1")));
      await send(otherAgent, "/warm/other", "10.0.2.2");
      const burst = Array.from({ length: 30 }, (_, i) => send(burstAgent, `/busy/${i}`, "10.0.2.1"));
      await until(() => seen.some((line) => line.startsWith("10.0.2.1 ") && line.includes("=/busy")));
      expect(await send(otherAgent, "/busy/other", "10.0.2.2")).toBe(200);
      await Promise.all(burst);
      const order = seen.filter((line) => line.includes("=/busy/"));
      const started = order.indexOf(`10.0.2.2 ${PAID}?at=/busy/other`);
      // Started as read, the whole burst ran before the other client's request.
      expect(order.length - 1 - started).toBeGreaterThanOrEqual(20);
    } finally {
      burstAgent.destroy();
      otherAgent.destroy();
    }
  });

  it("queue fairly: the client served least recently first, one start per turn of the event loop", async () => {
    const turns = createTurns();
    const started: string[] = [];
    for (let i = 0; i < 4; i++) turns.start("a", () => started.push(`a${i}`));
    turns.start("b", () => started.push("b0"));
    turns.start("b", () => started.push("b1"));
    expect(started).toEqual(["a0"]); // idle: the first starts at once
    expect(turns.waiting()).toBe(5);
    await until(() => turns.waiting() === 0);
    // b, which has had no turn, before a's second; then each in turn while both wait.
    expect(started).toEqual(["a0", "b0", "a1", "b1", "a2", "a3"]);
  });
});

describe("a client the limit refused", () => {
  it("is answered 429 before routing until its Retry-After, payment header or not, but for a payment; others are not", async () => {
    const first = await get("/limited", "10.0.1.1");
    expect(first.status).toBe(429);
    const before = seen.length;

    const asked = performance.now();
    const again = await get("/v1/vocabulary", "10.0.1.1");
    // Paced: a flooder on N connections is answered at most N times per pace.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(PACE_MS - 20);
    expect(again.status).toBe(429);
    expect(JSON.parse(again.body)).toMatchObject({ error: "rate_limited" });
    expect(again.headers).toMatchObject({ "ratelimit-policy": "5;w=60", "ratelimit-remaining": "0" });
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(again.headers["retry-after"])).toBeLessThanOrEqual(30);
    expect(again.headers["x-content-type-options"]).toBe("nosniff");
    expect(seen.length).toBe(before); // the app never saw it

    // A payment header on a free route changes nothing: refused as any free request, as slowly.
    for (const header of ["X-PAYMENT", "PAYMENT-SIGNATURE"]) {
      const asked = performance.now();
      expect((await get("/v1/companies?q=a", "10.0.1.1", { [header]: "1" })).status, header).toBe(429);
      expect(performance.now() - asked, header).toBeGreaterThanOrEqual(PACE_MS - 20);
    }
    expect(seen.length).toBe(before);
    // A payment is never counted against the free budget, so it goes on to be verified.
    expect((await get(PAID, "10.0.1.1", { "PAYMENT-SIGNATURE": "x" })).status).toBe(200);
    // An MCP message may carry one in its body: the route's limit judges it, not this memory.
    expect((await get("/mcp", "10.0.1.1", {}, "POST")).status).toBe(200);
    expect((await get("/mcp", "10.0.1.1")).status).toBe(429);
    expect((await get("/free", "10.0.1.2")).status).toBe(200);
  });
});

describe("requests node:http would drop or answer bare", () => {
  it("an HTTP/1.1 request without Host is a JSON 400, not an empty one", async () => {
    const answer = await raw("GET /v1/pricing HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: "validation_failed" });
    expect(await raw("GET /old HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /); // HTTP/1.0 needs none
  });

  it("CONNECT is a JSON 405, not a dropped connection", async () => {
    const answer = await raw("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nAllow: GET\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: "method_not_allowed" });
  });
});

describe("control characters in the query", () => {
  it("are a 400 from the JSON routes and a parameter ignored by pages", async () => {
    for (const target of ["/v1/companies?q=%00", "/v1/companies?q=sam%0Asung", "/api/feed?company=%1F", "/mcp?x=%7F"]) {
      const answer = await get(target, "10.0.2.1");
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body), target).toMatchObject({ error: "validation_failed" });
    }
    expect((await get("/?company=%00&min=5", "10.0.2.1")).body).toBe("/?min=5");
    expect((await get("/companies?q=%00", "10.0.2.1")).body).toBe("/companies");
    expect((await get("/?company=%E2%82%AC&min=5", "10.0.2.1")).body).toBe("/?company=%E2%82%AC&min=5");
    expect(withoutControlCharacters("/v1/companies?q=%25&limit=5")).toBe("/v1/companies?q=%25&limit=5");
  });

  it("reach no route's database: the feed's company filter with a NUL is no filter", async () => {
    expect(feedViewQuery.parse({ company: "\u0000" }).company).toBe("");
    expect(feedViewQuery.parse({ company: "samsung\u0000" }).company).toBe("");
    expect(feedViewQuery.parse({ company: " samsung " }).company).toBe("samsung");
    const teardown = await useFreshAppDatabase();
    try {
      const plain = await call(feed, "/api/feed");
      const nul = await call(feed, "/api/feed?company=%00");
      expect(nul.status).toBe(200);
      expect(plain.body.filings.length).toBeGreaterThan(0);
      expect(nul.body.filings).toEqual(plain.body.filings);
      const atom = await recentAtom(new Request("http://localhost/feeds/recent.atom?company=sam%00sung"), {
        params: Promise.resolve({}),
      });
      expect(atom.status).toBe(200);
    } finally {
      await teardown();
    }
  }, 120_000);
});

describe("a client whose payments were refused", () => {
  it("has its payments take its lanes: a flood of bad payments is held like any other", async () => {
    const client = "10.0.3.1";
    // Valid payers behind one address: any number in flight at once, none refused.
    const payers = Array.from({ length: CONCURRENT + WAITING + 2 }, (_, i) =>
      get(`${PAID}?hold=${i}`, client, { "X-PAYMENT": "x" }),
    );
    await until(() => held.length === payers.length);
    for (const res of held.splice(0)) res.end("paid");
    expect((await Promise.all(payers)).map((answer) => answer.status)).toEqual(payers.map(() => 200));

    expect((await get(`${PAID}?refuse-payment`, client, { "X-PAYMENT": "1" })).status).toBe(402);
    const flood = Array.from({ length: CONCURRENT + WAITING + 2 }, (_, i) =>
      get(`${PAID}?hold=bad-${i}`, client, { "X-PAYMENT": "1" }),
    );
    const asked = performance.now();
    const refused = await Promise.race(flood);
    expect(refused.status).toBe(429);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(PACE_MS - 50); // paced like any refusal
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(CONCURRENT); // its lanes, not one per connection
    let done = false;
    void Promise.all(flood).then(() => (done = true));
    while (!done) {
      for (const res of held.splice(0)) res.end("done");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const statuses = (await Promise.all(flood)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(CONCURRENT + WAITING);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });
});

describe("headers a client cannot set", () => {
  it("X-Forwarded-For names the client the proxies vouch for, the peer header the connection's own peer", async () => {
    await get("/who", "203.0.113.7", { "x-dart-connection-peer": "203.0.113.9", "x-dart-admission-ticket": "1" });
    const headers = given.get("/who")!;
    expect(headers["x-forwarded-for"]).toBe("203.0.113.7"); // one trusted proxy: the address it appended
    expect(headers["x-dart-connection-peer"]).toBe("127.0.0.1");
    expect(headers["x-dart-admission-ticket"]).not.toBe("1");
  });
});

describe("an Upgrade this server does not switch to", () => {
  it.each(["websocket", "h2c"])(
    "%s: the request is answered in HTTP/1.1 and the connection closed",
    async (protocol) => {
      const answer = await raw(
        `GET /v1/pricing?upgrade=${protocol} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: ${protocol}\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain(`/v1/pricing?upgrade=${protocol}`); // the handler's answer
    },
  );
});
