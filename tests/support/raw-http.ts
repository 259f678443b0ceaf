import { once } from "node:events";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on a free loopback port and returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** A raw request (fetch would decode the body): status, headers and the bytes as sent. */
export async function rawRequest(port: number, path: string, headers: Record<string, string> = {}, method = "GET") {
  const req = httpRequest({ host: "127.0.0.1", port, path, method, headers });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode, headers: res.headers as IncomingHttpHeaders, body: Buffer.concat(chunks) };
}
