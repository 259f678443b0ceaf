/**
 * Structured logs: every line about a request carries its requestId (the X-Request-Id the
 * client sees), and an error is logged by class, code and first line of its innermost cause —
 * never the SQL or parameters drizzle puts in its own message.
 */
import pino, { type Logger } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/errors";
import { GET as vocabulary } from "@/app/v1/vocabulary/route";

const lines: Record<string, unknown>[] = [];
const state = globalThis as { __log?: Logger };
let previous: Logger | undefined;

beforeAll(() => {
  previous = state.__log;
  process.env.RATE_LIMIT_PER_MINUTE = "0";
  state.__log = pino({ level: "debug", base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
});
afterAll(() => {
  state.__log = previous;
  delete process.env.RATE_LIMIT_PER_MINUTE;
});

describe("logs", () => {
  it("an access line per request with the request id the client sees", async () => {
    const res = await vocabulary(
      new Request("http://localhost/v1/vocabulary", { headers: { "X-Request-Id": "req-42" } }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.headers.get("x-request-id")).toBe("req-42");
    expect(lines.at(-1)).toMatchObject({
      requestId: "req-42",
      method: "GET",
      path: "/v1/vocabulary",
      status: 200,
      msg: "request",
    });
  });

  it("an unhandled error: one line with the request id and the cause, no SQL", async () => {
    const count = lines.length;
    const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const drizzleError = new Error(
      'Failed query: select "ticker" from "companies" where "name_kr" = $1\nparams: samsung',
      { cause: driverError },
    );
    const res = errorResponse(drizzleError, "req-43");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "internal_error", message: "Something went wrong on our side." });
    expect(lines.length).toBe(count + 1);
    const line = lines.at(-1)!;
    expect(line).toMatchObject({
      requestId: "req-43",
      err: { code: "22021", message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
    expect(JSON.stringify(line)).not.toMatch(/select|params|samsung/);
  });
});
