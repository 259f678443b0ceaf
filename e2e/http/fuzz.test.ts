/**
 * 500 fuzzed requests (dev/support/http-fuzz.ts: every method, request targets in every form,
 * control characters, huge and odd query values, random and fake payment headers) written to
 * raw sockets of the production server, behind one trusted proxy as deployed: no answer is a 5xx,
 * none hangs or is dropped unanswered, none redirects to another host, and every error under
 * /v1 is JSON with the API's security headers. `npm run bench:resilience` sends 10,000.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzRequests, problemsOf, sendAll, type FuzzAnswer, type FuzzRequest } from "../../dev/support/http-fuzz";
import { startProductionServer, type ServerProcess } from "../../dev/support/server-process";

const COUNT = 500;

let server: ServerProcess;
let host: string;
let requests: FuzzRequest[];
let answers: FuzzAnswer[];

beforeAll(async () => {
  server = await startProductionServer({ quiet: true, env: { TRUSTED_PROXY_COUNT: "1", LOG_LEVEL: "warn" } });
  host = new URL(server.base).host;
  requests = fuzzRequests(COUNT, { host, seed: 500 });
  answers = await sendAll(Number(new URL(server.base).port), requests, { concurrency: 4 });
}, 600_000);
afterAll(async () => {
  await server?.stop();
});

/** The request's path as the server routes it (absolute-form served as its path). */
function pathOf(target: string): string {
  try {
    return new URL(target, "http://x").pathname;
  } catch {
    return target;
  }
}

describe("fuzzed requests against the self-hosted server", () => {
  it("are all answered, none with a 5xx, none hanging, none redirected to another host", () => {
    const problems = requests.flatMap((request, i) =>
      problemsOf(request, answers[i], host).map(
        (problem) => `${problem}: ${request.method} ${request.target.slice(0, 120)}`,
      ),
    );
    expect(problems).toEqual([]);
    // The set reaches the app, not only the refusals before it.
    const statuses = new Set(answers.map((answer) => answer.status));
    for (const status of [200, 400, 404, 405]) expect(statuses).toContain(status);
  });

  it("answer every error under /v1 in JSON with the API's security headers", () => {
    const checked = requests.filter(
      (request, i) =>
        pathOf(request.target).startsWith("/v1/") && request.method !== "HEAD" && (answers[i].status ?? 0) >= 400,
    );
    expect(checked.length).toBeGreaterThan(20);
    const wrong = checked.flatMap((request) => {
      const answer = answers[requests.indexOf(request)];
      const json =
        /^application\/json/.test(answer.headers["content-type"] ?? "") &&
        (answer.headers["content-encoding"] !== undefined || typeof JSON.parse(answer.body).error === "string");
      const secured = answer.headers["x-content-type-options"] === "nosniff";
      return json && secured
        ? []
        : [`${request.method} ${request.target.slice(0, 120)} → ${answer.status} ${JSON.stringify(answer.headers)}`];
    });
    expect(wrong).toEqual([]);
  });
});
