/**
 * Admission: one client cannot take the server from the others (./lanes.ts), and a client the
 * limit refused costs almost nothing until its Retry-After has passed.
 *
 * - Kinds. A request carrying a payment header to a paid route is a payment: the limit never
 *   counts it against the free budget, so neither a free refusal nor a free lane applies to it (several
 *   payers behind one address must not lose a paid answer to one another). A payment header
 *   anywhere else changes nothing: the request is free, as the route counts it. POST /mcp may
 *   carry a payment in its body, which only the route reads: it takes a lane, and the limit
 *   itself judges it.
 * - Verdicts. The limit reports each verdict it makes (lib/http/verdict-channel.ts): a refusal
 *   of a free request, or of a payment because the client's refused payments used their bucket
 *   up, is remembered until its Retry-After and answered here again; a refused payment marks the
 *   client, whose payments then take its lanes for the minute the refused-payment bucket counts.
 * - Lanes: at most RATE_LIMIT_CONCURRENT of a client's requests in flight, a few more waiting,
 *   the rest refused.
 * - Pacing: every refusal made here — a full lane, a remembered refusal, payment or not — is
 *   answered a second after its request (or when its Retry-After ends, if sooner), so a client on
 *   N connections is answered at most N times a second while refused. Answered at once, 50
 *   connections asked for thousands of 429s a second, and writing them took the server's one
 *   thread from everyone else (BENCHMARKS.md, issues 24 and 33).
 * - Turns: every admitted request starts on its turn, the client served least recently first (`createTurns`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonAnswer, type JsonAnswer } from "@/lib/api/http";
import { ADMISSION_TICKET_HEADER, listenForVerdicts, type VerdictReport } from "@/lib/http/verdict-channel";
import { PAID_ENDPOINTS, PAYMENT_REQUEST_HEADERS } from "@/lib/interface";
import { clientKey } from "@/lib/rate-limit";
import { NOT_STORED, writeJson } from "./answers";
import { headerText } from "./client-address";
import { createRefusals, createTurns, type Lanes, type Refusal, type Release } from "./lanes";

export interface AdmissionOptions {
  /** The header the rate limit names the client by (TRUSTED_IP_HEADER), read once X-Forwarded-For is rewritten. */
  clientHeader: string;
  /** Per-client lanes (RATE_LIMIT_CONCURRENT); none when the limit is off. */
  lanes?: Lanes;
  /** How long a refused client waits for its 429 at most (0: answered at once). */
  refusalPaceMs?: number;
}

/** Starts the request's handling by Next.js, on its turn. */
export type Admit = (req: IncomingMessage, res: ServerResponse, route: () => void) => void;

type Kind = "free" | "payment" | "mcp";

const PAID_PATHS = new Set(PAID_ENDPOINTS.map((endpoint) => endpoint.path));

/** How long a refused payment has its client's payments take lanes: the refused-payment bucket's window. */
const REFUSED_PAYER_MS = 60_000;

/** 429s held at once, over all clients; beyond this they are answered at once (timers are cheap, not free). */
const MAX_HELD_REFUSALS = 10_000;

/** The 429 for a client whose lane is full: nothing of its request was done. */
const LANE_FULL = jsonAnswer(
  { error: "rate_limited", message: "Too many requests in flight from this client; retry after 1 s." },
  429,
  { ...NOT_STORED, "Retry-After": "1" },
);

export function kindOf(req: IncomingMessage): Kind {
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  if (req.method === "POST" && path === "/mcp") return "mcp";
  const payment = PAYMENT_REQUEST_HEADERS.some((name) => req.headers[name.toLowerCase()] !== undefined);
  return payment && PAID_PATHS.has(path) ? "payment" : "free";
}

/** The limit's 429 again, for a client it refused and whose Retry-After has not passed. */
function refusedAgain({ until, headers }: Refusal, now: number): JsonAnswer {
  const reset = String(Math.max(1, Math.ceil((until - now) / 1000)));
  return jsonAnswer({ error: "rate_limited", message: `Too many requests; retry after ${reset} s.` }, 429, {
    ...NOT_STORED,
    ...headers,
    "RateLimit-Remaining": "0",
    "RateLimit-Reset": reset,
    "Retry-After": reset,
  });
}

export function createAdmission({ clientHeader, lanes, refusalPaceMs = 1_000 }: AdmissionOptions): Admit {
  /** Keyed by kind and client: a free refusal never answers a payment, nor the other way round. */
  const refusals = createRefusals();
  const refusedPayers = createRefusals();
  const turns = createTurns();
  let tickets = 0;
  let held = 0;

  /** A 429 made and answered after `holdMs`, or never if the client leaves first. */
  const refuse = (res: ServerResponse, reply: () => JsonAnswer, holdMs: number) => {
    if (holdMs <= 0 || held >= MAX_HELD_REFUSALS) return writeJson(res, reply());
    held++;
    const release = () => {
      res.off("close", release); // once: whichever of the timer and the client's leaving comes first
      held--;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      release();
      if (!res.destroyed) writeJson(res, reply());
    }, holdMs);
    res.once("close", release);
  };

  const heard = (client: string, report: VerdictReport) => {
    const now = Date.now();
    if (report.kind === "refused-payment") {
      refusedPayers.refuse(client, { until: now + REFUSED_PAYER_MS, headers: {} });
      return;
    }
    const { limited, headers } = report.verdict;
    const retryAfter = Number(headers["Retry-After"]);
    if (!limited || !(retryAfter > 0)) return;
    refusals.refuse(`${report.kind}:${client}`, {
      until: now + retryAfter * 1000,
      headers: { "RateLimit-Policy": headers["RateLimit-Policy"], "RateLimit-Limit": headers["RateLimit-Limit"] },
    });
  };

  return (req, res, route) => {
    const client = clientKey({ get: (name) => headerText(req.headers[name.toLowerCase()]) ?? null }, clientHeader);
    const kind = kindOf(req);
    const now = Date.now();
    const refusalNow = (at: number) => (kind === "mcp" ? undefined : refusals.of(`${kind}:${client}`, at));
    const refuseAgain = (refusal: Refusal, at: number) =>
      refuse(res, () => refusedAgain(refusal, Date.now()), Math.min(refusalPaceMs, refusal.until - at));
    const refusal = refusalNow(now);
    if (refusal) return refuseAgain(refusal, now);

    // Overwritten on every request: a client can never name another request's ticket.
    const ticket = String(++tickets);
    req.headers[ADMISSION_TICKET_HEADER] = ticket;
    res.once(
      "close",
      listenForVerdicts(ticket, (report) => heard(client, report)),
    );

    /**
     * Next.js takes the request on its turn, unless the client left while it waited, or the limit
     * refused the client meanwhile: then the refusal answers it here, as it answers the client's
     * next requests (sent on to Next.js, the requests that waited for a lane when the per-second
     * budget ran out each cost a trip through the router for their 429).
     */
    const start = (release?: Release) =>
      turns.start(client, () => {
        if (req.socket.destroyed) return release?.();
        const at = Date.now();
        const heard = refusalNow(at);
        if (heard) {
          release?.();
          return refuseAgain(heard, at);
        }
        if (release) res.once("close", release);
        route();
      });
    if (!lanes || (kind === "payment" && !refusedPayers.of(client, now))) return start();
    const go = (release: Release | null) => (release ? start(release) : refuse(res, () => LANE_FULL, refusalPaceMs));
    const admitted = lanes.enter(client);
    if (admitted instanceof Promise) void admitted.then(go);
    else go(admitted);
  };
}
