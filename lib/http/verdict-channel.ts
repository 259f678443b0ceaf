/**
 * How the rate limit's verdicts reach the self-hosted server's admission (lib/server/admission.ts)
 * as they are made, rather than read back off finished answers: the server names each request
 * with a ticket of its own in ADMISSION_TICKET_HEADER (always overwritten, so a client can never
 * choose one) and listens on it; per-request.ts reports here what the limit decided. The server
 * and the route code load separate copies of this module, so the listeners live on globalThis.
 * Without the server (Vercel, tests of routes) no one listens and a report is dropped.
 */
import type { LimitVerdict } from "@/lib/rate-limit";

export const ADMISSION_TICKET_HEADER = "x-dart-admission-ticket";

/** What the limit decided about one request: its free budget, or a payment's (refused payments' bucket), or a payment it refused. */
export type VerdictReport = { kind: "free" | "payment"; verdict: LimitVerdict } | { kind: "refused-payment" };

type Listener = (report: VerdictReport) => void;

const listeners: Map<string, Listener> = ((globalThis as { [key: symbol]: Map<string, Listener> })[
  Symbol.for("dart-english.verdictChannel")
] ??= new Map());

/** Hears what the limit decides about the request carrying `ticket`; returns the function that stops listening. */
export function listenForVerdicts(ticket: string, listener: Listener): () => void {
  listeners.set(ticket, listener);
  return () => listeners.delete(ticket);
}

export function reportVerdict(headers: Pick<Headers, "get">, report: VerdictReport): void {
  const ticket = headers.get(ADMISSION_TICKET_HEADER);
  if (ticket) listeners.get(ticket)?.(report);
}
