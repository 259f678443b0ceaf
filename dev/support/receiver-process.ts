/**
 * The webhook receiver (webhook-receiver.ts) in a process of its own, for bench/alerts.ts: a
 * receiver is another party's server, so its work should not share the sender's one thread.
 * Over IPC it takes `{ secrets }` (watchlist id → secret, the body's watchlistId chooses), says
 * `{ url }` once listening and `{ received }` as requests arrive (at most every 20 ms), and answers
 * `{ report }` with its totals.
 *   tsx dev/support/receiver-process.ts   (spawned with an IPC channel)
 */
import { startReceiver } from "./webhook-receiver";

export interface ReceiverReport {
  requests: number;
  verified: number;
  /** Webhook-ids seen with two different bodies. */
  doubles: number;
}

export type ReceiverMessage = { url: string } | { received: number } | { report: ReceiverReport };

const send = (message: ReceiverMessage) => process.send!(message);
const secrets = new Map<string, string>();
const receiver = await startReceiver((body) => secrets.get(JSON.parse(body).data.watchlistId as string) ?? "");

let told = 0;
setInterval(() => {
  if (receiver.deliveries.length !== told) send({ received: (told = receiver.deliveries.length) });
}, 20).unref();

process.on("message", (message: { secrets?: [string, string][]; report?: true }) => {
  for (const [id, secret] of message.secrets ?? []) secrets.set(id, secret);
  if (message.report) {
    const doubles = [...receiver.bodiesById().values()].filter((bodies) => bodies.size > 1).length;
    send({
      report: {
        requests: receiver.deliveries.length,
        verified: receiver.deliveries.filter((d) => d.verified).length,
        doubles,
      },
    });
  }
});
process.on("disconnect", () => void receiver.close().then(() => process.exit(0)));
send({ url: receiver.url });
