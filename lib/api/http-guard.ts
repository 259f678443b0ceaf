/**
 * Requests that Next.js cannot represent, answered at the HTTP layer of a self-hosted server.
 * Next.js builds a WHATWG Request for every request, and undici refuses the methods TRACE and
 * TRACK (a TypeError, answered as a plain-text 500 with a stack trace in the log); a path that
 * is not valid percent-encoding (`/v1/%`) fails its route matching and gets a plain-text 500
 * too, since an App Router-only app has no error page for it. Neither reaches any code of
 * ours, so `installHttpGuard` (called once from instrumentation.ts) answers them before Next
 * does: JSON 405 and JSON 400 with CORS, one short log line. Hosted platforms (Vercel) refuse
 * such requests at their edge.
 */
import { Server, type IncomingMessage, type ServerResponse } from "node:http";
import { API_HEADERS, JSON_CONTENT_TYPE } from "./http";

/** Methods undici's Request refuses (CONNECT never reaches a request handler). */
const UNREPRESENTABLE_METHODS = new Set(["TRACE", "TRACK"]);

export function guardedAnswer(method: string | undefined, url: string | undefined): { status: number; body: object } | null {
  if (method && UNREPRESENTABLE_METHODS.has(method)) {
    return { status: 405, body: { error: "method_not_allowed", message: `${method} is not supported; use GET.` } };
  }
  if (url && url.includes("%")) {
    const query = url.indexOf("?");
    try {
      decodeURIComponent(query < 0 ? url : url.slice(0, query));
    } catch {
      return {
        status: 400,
        body: {
          error: "validation_failed",
          message: "The request path is not valid percent-encoding.",
          details: [{ field: "(path)", message: "malformed percent-encoding" }],
        },
      };
    }
  }
  return null;
}

const installed = Symbol.for("dart-english.httpGuard");

export function installHttpGuard(onAnswer: (status: number, method: string | undefined) => void = () => {}): void {
  const proto = Server.prototype as Server & { [installed]?: boolean };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, ServerResponse];
      const answer = guardedAnswer(req.method, req.url);
      if (answer) {
        const body = JSON.stringify(answer.body);
        const headers: Record<string, string | number> = {
          ...API_HEADERS,
          "Content-Type": JSON_CONTENT_TYPE,
          "Content-Length": Buffer.byteLength(body),
          "Cache-Control": "no-store",
        };
        if (answer.status === 405) headers.Allow = "GET";
        res.writeHead(answer.status, headers).end(body);
        onAnswer(answer.status, req.method);
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
