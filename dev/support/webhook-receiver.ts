/**
 * A real webhook receiver for the alert tests and bench/alerts.ts: node:http on a free loopback port, verifying every
 * delivery with the Standard Webhooks reference library (`standardwebhooks`' Webhook#verify) and
 * keeping each body per webhook-id. It answers 204, or on demand 500 or never (a hung receiver).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type ReceiverMode = "ok" | "fail" | "hang";

export interface Delivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verified: boolean;
  /** What the receiver answered: 204 (verified, mode ok), 500, or 0 while it hangs. */
  status: number;
}

/** The secret to verify a body with: one for all, or looked up from the body (many watchlists). */
export type SecretOf = string | ((body: string) => string);

export interface Receiver {
  url: string;
  /** Every request, in arrival order. */
  deliveries: Delivery[];
  /** Distinct bodies seen per webhook-id. */
  bodiesById(): Map<string, Set<string>>;
  setSecret(secret: SecretOf): void;
  setMode(mode: ReceiverMode): void;
  close(): Promise<void>;
}

export async function startReceiver(secret: SecretOf = ""): Promise<Receiver> {
  let current = secret;
  let mode: ReceiverMode = "ok";
  const deliveries: Delivery[] = [];
  const hung = new Set<import("node:http").ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
      };
      let verified = false;
      try {
        new Webhook(typeof current === "string" ? current : current(body)).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const status = mode === "hang" ? 0 : mode === "ok" && verified ? 204 : 500;
      deliveries.push({
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        signature: headers["webhook-signature"],
        body,
        verified,
        status,
      });
      if (mode === "hang") {
        hung.add(res);
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    bodiesById() {
      const byId = new Map<string, Set<string>>();
      for (const d of deliveries) byId.set(d.id, (byId.get(d.id) ?? new Set()).add(d.body));
      return byId;
    },
    setSecret: (s) => (current = s),
    setMode: (m) => (mode = m),
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
