/**
 * The self-hosted server (`npm start`, `npm run dev`; ../../server.ts is its process): node:http
 * in front of Next.js's request handler, per Next.js's documented custom server, settling what
 * Next.js offers no hook for before it sees a request, in this order:
 *
 * 1. ./request-target.ts — methods, asterisk-, absolute- and authority-form, encodings, control
 *    characters, Host, `Upgrade`: what Next.js cannot route is answered in JSON;
 * 2. ./client-address.ts — who the client is (TRUSTED_PROXY_COUNT), and the connection's peer;
 * 3. ./admission.ts — the rate limit's refusals, per-client lanes and turns (./lanes.ts).
 *
 * `createRequestPath` is the server with any final handler (Next.js's, or a test's);
 * `startServer` is it with Next.js. Hosted platforms (Vercel) settle all of this at their edge;
 * no route depends on this folder.
 */
import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { createAdmission, type AdmissionOptions } from "./admission";
import { badTarget, methodNotAllowed, writeJson, writeToSocket } from "./answers";
import { settleClient } from "./client-address";
import { settleTarget, unparsableAnswer } from "./request-target";

export { createLanes } from "./lanes";

export interface RequestPathOptions extends AdmissionOptions {
  /** How many proxies in front append to X-Forwarded-For (TRUSTED_PROXY_COUNT). */
  trustedProxies: number;
  /** Told of every request refused by the request target (refusals of the limit are not worth a line each). */
  onRefused?: (status: number, method: string | undefined) => void;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export function createRequestPath(handle: Handler, options: RequestPathOptions): Server {
  const { trustedProxies, onRefused = () => {} } = options;
  const admit = createAdmission(options);
  // Host is checked by the request target, in JSON: node:http would answer an empty 400.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    const refused = settleTarget(req, res);
    if (refused) {
      writeJson(res, refused);
      onRefused(refused.status, req.method);
      return;
    }
    settleClient(req, trustedProxies);
    admit(req, res, () => void handle(req, res));
  });
  // node:http destroys a CONNECT request's socket without a word when nothing listens for it.
  server.on("connect", (req: IncomingMessage, socket: Socket) => {
    writeToSocket(socket, methodNotAllowed("CONNECT is"));
    onRefused(405, req.method);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: unknown }) => {
    // As node:http's own handler: answered only while nothing of a response was written.
    if (!error.code?.startsWith("HPE_") || !socket.writable || socket._httpMessage) return socket.destroy();
    const reply = unparsableAnswer(error.code);
    writeToSocket(socket, reply);
    onRefused(reply.status, undefined);
  });
  return server;
}

export interface ServerOptions extends RequestPathOptions {
  dev: boolean;
  /** Every address when absent. */
  hostname?: string;
  port: number;
}

/** Next.js's hot reloading (development only) is the one protocol upgrade this server takes. */
const HOT_RELOAD = /^\/_next\/hmr(?:[/?]|$)/;

export interface RunningServer {
  server: Server;
  /** Stops taking connections and lets Next.js finish, as `next start` does on a signal. */
  close(): Promise<void>;
}

/** Next.js prepared and served through the request path; resolves once the server listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { dev, hostname, port } = options;
  const { default: next } = await import("next");
  // Next.js adds its own "upgrade" listener, on its first request, to the server it is given (else
  // to that request's), and it ends every upgrade it does not route without a word. It is given a
  // stand-in instead: with no listener node:http serves an upgrade request as a plain one
  // (./request-target.ts), and in development hot reloading alone is passed on to Next.js's.
  const nextUpgrades = new EventEmitter();
  const app = next({ dev, hostname: hostname ?? "localhost", port, httpServer: nextUpgrades as Server });
  await app.prepare();
  const server = createRequestPath(app.getRequestHandler(), options);
  if (dev) {
    server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
      if (HOT_RELOAD.test(req.url ?? "") && nextUpgrades.emit("upgrade", req, socket, head)) return;
      writeToSocket(socket, badTarget("This server does not switch protocols; send the request without Upgrade."));
    });
  }
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, hostname, resolve));
  return {
    server,
    async close() {
      server.close();
      await app.close();
    },
  };
}
