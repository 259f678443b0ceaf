/**
 * A local OpenAI-compatible API on 127.0.0.1 (ephemeral port) speaking POST
 * /v1/chat/completions, so the real `openai` SDK can be pointed at it (baseURL). Tests script
 * its replies: a good answer, anything as the answer text (invalid JSON, out-of-range
 * fields), an HTTP error status with or without Retry-After, a slow reply, a dropped
 * connection. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply =
  /** A chat completion whose message content is `content` (a JSON string when given an object). */
  | { kind: "answer"; content: string; finishReason?: "stop" | "length"; usage?: { input: number; output: number } }
  /** An error status with an OpenAI-style error body. */
  | { kind: "status"; code: number; retryAfterMs?: number; retryAfterSeconds?: number; message?: string }
  /** `reply`, after a delay (the client may time out first). */
  | { kind: "slow"; delayMs: number; reply: FakeReply }
  /** Close the connection without answering. */
  | { kind: "drop" };

export interface RecordedChatRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
    [key: string]: unknown;
  };
  authorization: string | undefined;
}

export interface FakeOpenAiServer {
  /** What OPENAI_BASE_URL would be: http://127.0.0.1:PORT/v1 */
  readonly baseUrl: string;
  readonly requests: RecordedChatRequest[];
  /** Replies for the next requests, in order; once used up, the default reply answers. */
  enqueue(...replies: FakeReply[]): void;
  /** The reply for requests with nothing queued (initially a 500). */
  setDefault(reply: FakeReply | ((request: RecordedChatRequest) => FakeReply)): void;
  reset(): void;
  close(): Promise<void>;
}

/** A reply whose content is `answer` as JSON (or a raw string, for invalid answers). */
export function answer(content: object | string, usage = { input: 1200, output: 180 }): FakeReply {
  return { kind: "answer", content: typeof content === "string" ? content : JSON.stringify(content), usage };
}

const DEFAULT_REPLY: FakeReply = { kind: "status", code: 500 };

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedChatRequest[] = [];
  const queue: FakeReply[] = [];
  let fallback: FakeReply | ((request: RecordedChatRequest) => FakeReply) = DEFAULT_REPLY;
  const timers = new Set<NodeJS.Timeout>();

  function send(res: ServerResponse, reply: FakeReply, model: string): void {
    if (res.destroyed) return;
    switch (reply.kind) {
      case "drop":
        res.socket?.destroy();
        return;
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(res, reply.reply, model);
        }, reply.delayMs);
        timers.add(timer);
        return;
      }
      case "status": {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (reply.retryAfterMs !== undefined) headers["retry-after-ms"] = String(reply.retryAfterMs);
        if (reply.retryAfterSeconds !== undefined) headers["retry-after"] = String(reply.retryAfterSeconds);
        res.writeHead(reply.code, headers);
        const message = reply.message ?? `fake error ${reply.code}`;
        res.end(JSON.stringify({ error: { message, type: "server_error", code: null } }));
        return;
      }
      case "answer": {
        const usage = reply.usage ?? { input: 0, output: 0 };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `chatcmpl-fake-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: reply.content, refusal: null },
                finish_reason: reply.finishReason ?? "stop",
                logprobs: null,
              },
            ],
            usage: {
              prompt_tokens: usage.input,
              completion_tokens: usage.output,
              total_tokens: usage.input + usage.output,
            },
          }),
        );
        return;
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: RecordedChatRequest = {
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      authorization: req.headers.authorization,
    };
    requests.push(request);
    const reply = queue.shift() ?? (typeof fallback === "function" ? fallback(request) : fallback);
    send(res, reply, request.body.model);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      fallback = DEFAULT_REPLY;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
