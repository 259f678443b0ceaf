/**
 * A delivery worker in a process of its own, for the kill -9 test: it reaches the test's
 * embedded database through the socket the test's process serves it on (db/embedded-owner.ts),
 * as the operations scripts do, and delivers until it is killed.
 *   tsx --conditions=react-server tests/alerts/worker-process.ts <dataDir>
 */
import { openDatabase } from "@/db";
import { startDeliveryWorker } from "@/lib/alerts/worker";

const database = await openDatabase({ dataDir: process.argv[2] });
startDeliveryWorker(async () => database.db, { guard: { local: true }, pollMs: 20, timeoutMs: 60_000 });
console.log("worker started");
