import "server-only";
import {
  createMcpHandler,
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isJSONRPCRequest,
  McpServer,
  ProtocolErrorCode,
  readRequestBody,
  specTypeSchemas,
} from "@modelcontextprotocol/server";
import { MCP_INSTRUCTIONS } from "@/lib/interface";
import { registerFreeTools } from "./free-tools";
import { PAID_TOOL_NAMES, registerPaidTools } from "./paid-tools";
import { withRequest } from "./request-context";
import { registerWatchlistTools } from "./watchlist-tools";
import { X402_META } from "./x402";

/** A fresh server with every tool, for one request (the endpoint is stateless). */
export function createMcpServer(): McpServer {
  const server = new McpServer({ name: "dart-in-english", version: "1.0.0" }, { instructions: MCP_INSTRUCTIONS });
  registerFreeTools(server);
  registerPaidTools(server);
  registerWatchlistTools(server);
  return server;
}

// Stateless: each request gets its own server, and 2025-era clients the SDK's stateless fallback,
// so any instance can answer any request.
const handler = createMcpHandler(createMcpServer);

/**
 * Browser-based MCP clients call cross-origin. No cookies or credentials are involved (a paid
 * call carries its own signed payment), so any origin may call, as with the HTTP API.
 */
const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
  "Access-Control-Expose-Headers": "Mcp-Session-Id, Mcp-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

/** /mcp: one MCP message over Streamable HTTP. */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const message = await parsedMessage(request);
  const response = Array.isArray(message)
    ? batchRefused()
    : (invalidParams(message) ??
      (await withRequest(request, () =>
        handler.fetch(request, message === undefined ? undefined : { parsedBody: message }),
      )));
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Whether the request is a call of a paid tool carrying an x402 payment in its `_meta`: the rate
 * limit then counts it as a payment (lib/http/per-request.ts), not as a free request.
 */
export async function carriesPayment(request: Request): Promise<boolean> {
  const message = await parsedMessage(request);
  if (!isJSONRPCRequest(message) || message.method !== "tools/call") return false;
  const params = message.params as { name?: unknown; _meta?: Record<string, unknown> } | undefined;
  return (
    typeof params?.name === "string" &&
    PAID_TOOL_NAMES.includes(params.name) &&
    params._meta?.[X402_META.payment] !== undefined
  );
}

const parsed = new WeakMap<Request, Promise<unknown>>();

/**
 * The JSON body of a POST, read once from a copy (the SDK reads the request itself when this is
 * undefined: no body, too large or not JSON, which it answers as it does).
 */
function parsedMessage(request: Request): Promise<unknown> {
  if (request.method !== "POST") return Promise.resolve(undefined);
  let message = parsed.get(request);
  if (!message) {
    message = readRequestBody(request.clone(), DEFAULT_MAX_REQUEST_BODY_SIZE)
      .then((body) => (body.tooLarge || !body.text ? undefined : JSON.parse(body.text)))
      .catch(() => undefined);
    parsed.set(request, message);
  }
  return message;
}

/**
 * JSON-RPC batches (dropped from MCP in 2025-06-18; no official client sends them) are refused,
 * so every call is one request and spends its own token of the rate limit.
 */
function batchRefused(): Response {
  const error = {
    code: -32600,
    message: "Invalid Request: batches are not supported; send one JSON-RPC message per request",
  };
  return Response.json({ jsonrpc: "2.0", id: null, error }, { status: 400 });
}

/** The requests this server answers, with the spec type their message must have. */
const REQUEST_TYPES = {
  initialize: "InitializeRequest",
  ping: "PingRequest",
  "tools/list": "ListToolsRequest",
  "tools/call": "CallToolRequest",
} as const;

/**
 * A request whose params do not fit its spec type, answered -32602 (Invalid params) with a
 * short message. The SDK would answer it -32603 (Internal error) with its validator's whole
 * dump as the message.
 */
function invalidParams(message: unknown): Response | undefined {
  if (!isJSONRPCRequest(message) || !Object.hasOwn(REQUEST_TYPES, message.method)) return undefined;
  const type = REQUEST_TYPES[message.method as keyof typeof REQUEST_TYPES];
  const { issues } = specTypeSchemas[type]["~standard"].validate(message);
  if (!issues) return undefined;
  const problems = issues.slice(0, 3).map((issue) => {
    const path = (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const error = {
    code: ProtocolErrorCode.InvalidParams,
    message: `Invalid params for ${message.method}: ${problems.join("; ")}`,
  };
  return Response.json({ jsonrpc: "2.0", id: message.id, error });
}

/** The CORS preflight of /mcp. */
export function mcpPreflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}
