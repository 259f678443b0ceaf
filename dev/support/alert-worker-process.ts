/**
 * A delivery worker in a process of its own, for the kill -9 test and bench/alerts-kill.ts: it
 * reaches the caller's database — an embedded one through the socket its owner serves
 * (db/embedded-owner.ts), or a PostgreSQL URL — as the operations scripts do, and delivers
 * until it is killed.
 *   tsx --conditions=react-server dev/support/alert-worker-process.ts <dataDir|postgres URL> [scale epochMs]
 * With `scale`, the worker's clock runs `scale` times faster than real time from `epochMs` (the
 * same in every process given the same pair), so retries and leases measured in hours pass in
 * minutes; the attempts' own timeouts stay real.
 */
import { openDatabase } from "@/db";
import { startDeliveryWorker } from "@/lib/alerts/worker";

const [target, scale, epoch] = process.argv.slice(2);
const database = await openDatabase(
  /^postgres(ql)?:/.test(target) ? { url: target, driver: "pg" } : { dataDir: target },
);
const clock = scale ? { now: () => new Date(Number(epoch) + (Date.now() - Number(epoch)) * Number(scale)) } : undefined;
startDeliveryWorker(async () => database.db, {
  guard: { local: true },
  pollMs: 20,
  timeoutMs: scale ? 2_000 : 60_000,
  clock,
});
console.log("worker started");
