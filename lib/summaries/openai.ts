/**
 * A generator behind any OpenAI-compatible chat-completions endpoint, through the `openai`
 * SDK, with structured output (a strict JSON schema). Each request has a timeout; 408, 409,
 * 429, 5xx, connection failures and timeouts are retried a bounded number of times with
 * exponential backoff and jitter, honouring Retry-After when it is short. The retries are
 * ours (the SDK's own are off) so their number and their waits are bounded here, and a long
 * Retry-After becomes the caller's `retryAfterSeconds` instead of a stalled request.
 */
import OpenAI, { APIConnectionError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { GeneratorError, InvalidAnswerError } from "./errors";
import { RESPONSE_FORMAT, retryMessage, SYSTEM_PROMPT, userMessage } from "./prompt";
import type { GeneratedSummary, SummaryGenerator, TokenUsage } from "./types";
import { answerSchema, answerShapeProblem } from "./validate";

export interface OpenAiGeneratorOptions {
  apiKey: string;
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1; the SDK's default without. */
  baseURL?: string;
  model: string;
  /** Per request, answer included. */
  timeoutMs?: number;
  /** Further attempts after the first, for retryable failures. */
  maxRetries?: number;
  /** First backoff wait; doubles per attempt. */
  retryBaseMs?: number;
  /** Longest wait between attempts; a Retry-After beyond it ends the attempts. */
  retryMaxMs?: number;
  maxOutputTokens?: number;
}

const DEFAULTS = {
  timeoutMs: 20_000,
  maxRetries: 2,
  retryBaseMs: 500,
  retryMaxMs: 8_000,
  maxOutputTokens: 800,
} as const;

const RETRYABLE_STATUS = new Set([408, 409, 429]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isRetryable(err: unknown): boolean {
  if (err instanceof APIConnectionError) return true; // includes timeouts
  return err instanceof APIError && err.status !== undefined && (RETRYABLE_STATUS.has(err.status) || err.status >= 500);
}

/** The wait an error response asks for (retry-after-ms, or retry-after in seconds or as a date). */
function advisedWaitMs(err: unknown): number | undefined {
  if (!(err instanceof APIError) || !err.headers) return undefined;
  const ms = Number.parseFloat(err.headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms)) return ms;
  const header = err.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Error text for logs and the generations table: API keys masked, whatever the provider echoes. */
function redact(message: string, apiKey: string): string {
  return message
    .split(apiKey)
    .join("[redacted]")
    .replace(/\b(sk|key)-[\w*-]{6,}/gi, "$1-[redacted]");
}

function describeError(err: unknown, apiKey: string): string {
  // The SDK's messages start with the status ("429 Rate limit reached ...").
  if (err instanceof APIError && err.status !== undefined) {
    return redact(`HTTP ${err.status}: ${err.message.replace(/^\d{3}\s*/, "")}`, apiKey);
  }
  if (err instanceof Error) return redact(`${err.name}: ${err.message}`, apiKey);
  return "unknown error";
}

export function createOpenAiGenerator(options: OpenAiGeneratorOptions): SummaryGenerator {
  const settings = { ...DEFAULTS, ...options };
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });

  async function complete(messages: ChatCompletionMessageParam[], signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.chat.completions.create(
          {
            model: options.model,
            messages,
            response_format: RESPONSE_FORMAT,
            // No temperature: reasoning models accept only their default.
            max_completion_tokens: settings.maxOutputTokens,
          },
          { signal },
        );
      } catch (err) {
        const detail = describeError(err, options.apiKey);
        // The caller's deadline: no further attempts.
        if (signal?.aborted || !isRetryable(err)) throw new GeneratorError(detail);
        const advised = advisedWaitMs(err);
        if (advised !== undefined && advised > settings.retryMaxMs) {
          throw new GeneratorError(
            `${detail} (asked to wait ${Math.ceil(advised / 1000)} s)`,
            Math.ceil(advised / 1000),
          );
        }
        if (attempt >= settings.maxRetries) {
          const attempts = attempt + 1;
          throw new GeneratorError(
            `${detail} (after ${attempts} ${attempts === 1 ? "attempt" : "attempts"})`,
            advised === undefined ? undefined : Math.ceil(advised / 1000),
          );
        }
        const backoff = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** attempt) * (1 - Math.random() * 0.25);
        await sleep(advised ?? backoff);
      }
    }
  }

  return {
    id: options.model,
    async generate(input, sheet, retry, { signal } = {}): Promise<GeneratedSummary> {
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: userMessage(input, sheet) },
      ];
      if (retry) {
        messages.push(
          { role: "assistant", content: retry.previousAnswer },
          { role: "user", content: retryMessage(retry.reason) },
        );
      }
      const completion = await complete(messages, signal);
      const usage: TokenUsage | undefined = completion.usage && {
        inputTokens: completion.usage.prompt_tokens,
        outputTokens: completion.usage.completion_tokens,
      };
      const choice = completion.choices[0];
      const content = choice?.message.content ?? "";
      if (choice?.message.refusal)
        throw new InvalidAnswerError(`the model refused: ${choice.message.refusal}`, content, usage);
      if (choice?.finish_reason === "length")
        throw new InvalidAnswerError("the answer was cut off at the token limit", content, usage);
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new InvalidAnswerError("the answer is not valid JSON", content, usage);
      }
      const answer = answerSchema.safeParse(json);
      if (!answer.success) throw new InvalidAnswerError(answerShapeProblem(json)!, content, usage);
      return { ...answer.data, usage };
    },
  };
}
