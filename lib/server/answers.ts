/**
 * How the server's stages answer a request themselves, in the API's JSON error shape: no wrapper
 * of lib/http/per-request.ts sees these answers, so they carry the API's security headers
 * themselves. A parse error or an upgrade has no response object: written to the socket.
 */
import { STATUS_CODES, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { API_SECURITY_HEADERS, jsonAnswer, type JsonAnswer } from "@/lib/api/http";

export const NOT_STORED = { ...API_SECURITY_HEADERS, "Cache-Control": "no-store" };

export function badTarget(message: string, field = "(target)"): JsonAnswer {
  return jsonAnswer({ error: "validation_failed", message, details: [{ field, message }] }, 400, NOT_STORED);
}

export function methodNotAllowed(which: string): JsonAnswer {
  return jsonAnswer({ error: "method_not_allowed", message: `${which} not supported; use GET.` }, 405, {
    ...NOT_STORED,
    Allow: "GET",
  });
}

/** The answer's body and headers with its length (none for a 204, which has no body). */
function withLength({ body, headers }: JsonAnswer): { text: string; headers: Record<string, string> } {
  if (body === undefined) return { text: "", headers };
  const text = JSON.stringify(body);
  return { text, headers: { ...headers, "Content-Length": String(Buffer.byteLength(text)) } };
}

export function writeJson(res: ServerResponse, answer: JsonAnswer): void {
  const { text, headers } = withLength(answer);
  res.writeHead(answer.status, headers).end(text);
}

export function writeToSocket(socket: Duplex, answer: JsonAnswer): void {
  const { text, headers } = withLength(answer);
  const head = Object.entries({ ...headers, Connection: "close" })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n${text}`);
}
