import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { x402ResourceServer } from "@x402/core/server";
import { log } from "@/lib/log";

/**
 * Where a paid call's time goes: verify (facilitator), deliver (our content), settle
 * (facilitator, on chain), logged as one line per paid call at the end of it. The resource
 * server's hooks time verify and settle inside @x402's own flow, which is why the timings ride
 * on the call's async context rather than being passed around.
 */
type Phase = "verify" | "deliver" | "settle";

interface CallTimings {
  started: number;
  open: Partial<Record<Phase, number>>;
  ms: Partial<Record<Phase, number>>;
}

const current = new AsyncLocalStorage<CallTimings>();

function begin(phase: Phase): void {
  const timings = current.getStore();
  if (timings) timings.open[phase] = performance.now();
}

function end(phase: Phase): void {
  const timings = current.getStore();
  const from = timings?.open[phase];
  if (timings && from !== undefined) timings.ms[phase] = round(performance.now() - from);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Runs a paid call with its timings recorded, and logs them with `describe(result)` (status, outcome). */
export async function timePaidCall<T>(
  fields: { requestId?: string; endpoint: string; channel: "http" | "mcp" },
  call: () => Promise<T>,
  describe: (result: T) => Record<string, unknown>,
): Promise<T> {
  const timings: CallTimings = { started: performance.now(), open: {}, ms: {} };
  let result: Record<string, unknown> = {};
  try {
    const value = await current.run(timings, call);
    result = describe(value);
    return value;
  } catch (error) {
    result = { outcome: "not_delivered", error: (error as { code?: unknown }).code ?? "internal_error" };
    throw error;
  } finally {
    log().info(
      { ...fields, ...result, ...timings.ms, totalMs: round(performance.now() - timings.started) },
      "paid call",
    );
  }
}

/** The delivery, timed as the call's `deliver` phase. */
export async function timeDelivery<T>(deliver: () => Promise<T>): Promise<T> {
  begin("deliver");
  try {
    return await deliver();
  } finally {
    end("deliver");
  }
}

/** Times verify and settle through the resource server's hooks. */
export function withPaymentTimings(server: x402ResourceServer): x402ResourceServer {
  return server
    .onBeforeVerify(async () => begin("verify"))
    .onAfterVerify(async () => end("verify"))
    .onVerifyFailure(async () => end("verify"))
    .onBeforeSettle(async () => begin("settle"))
    .onAfterSettle(async () => end("settle"))
    .onSettleFailure(async () => end("settle"));
}
