/**
 * A WebSocket-to-TCP bridge on loopback, so Neon's serverless driver (its WebSocket Pool)
 * can reach the local PostgreSQL server as it reaches Neon's proxy. Configures the driver's
 * global neonConfig for it; PostgreSQL's own TLS is off on loopback.
 */
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { neonConfig } from "@neondatabase/serverless";
import ws, { WebSocketServer } from "ws";

export interface NeonBridge {
  close(): Promise<void>;
}

export async function startNeonBridge(): Promise<NeonBridge> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, request) => {
    const address = new URL(request.url ?? "/", "http://bridge").searchParams.get("address") ?? "";
    const [host, port] = address.split(":");
    const tcp = connect(Number(port), host);
    tcp.on("data", (data) => socket.send(data, { binary: true }));
    tcp.on("close", () => socket.close());
    tcp.on("error", () => socket.close());
    socket.on("message", (data) => tcp.write(data as Buffer));
    socket.on("close", () => tcp.destroy());
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;

  neonConfig.webSocketConstructor = ws;
  neonConfig.wsProxy = (host, targetPort) => `127.0.0.1:${port}/v2?address=${host}:${targetPort}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
  neonConfig.forceDisablePgSSL = true;

  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
