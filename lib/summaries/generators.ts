/**
 * Which generator this process uses, and what it has been doing (for /api/health).
 *
 * With OPENAI_API_KEY set, the OpenAI-compatible generator (SUMMARY_MODEL at OPENAI_BASE_URL)
 * is primary and the offline generator its fallback; without, the offline generator is
 * primary. The state names the model, never its endpoint or key: /api/health is public.
 */
import { env } from "@/lib/env";
import { offlineGenerator } from "./offline";
import { createOpenAiGenerator } from "./openai";
import { PROMPT_VERSION } from "./prompt";
import type { SummaryGenerator } from "./types";

export type GenerationOutcome = "ok" | "invalid" | "error" | "fallback";

export interface GeneratorState {
  generator: { kind: "openai" | "offline"; modelId: string };
  fallbackModelId: string | null;
  promptVersion: string;
  /** Generation attempts by outcome, and failed requests (SummaryUnavailableError), since start. */
  counts: Record<GenerationOutcome | "unavailable", number>;
  lastSuccessAt: string | null;
  lastError: { at: string; outcome: "invalid" | "error" | "unavailable"; detail: string } | null;
}

/** The model's per-request timeout when the deadline allows it. */
const MODEL_REQUEST_TIMEOUT_MS = 20_000;

let configured: { key: string; generator: SummaryGenerator; state: GeneratorState["generator"] } | undefined;

/** The generator the environment configures (built once per configuration). */
export function configuredGenerator(): SummaryGenerator {
  return configuration().generator;
}

function configuration() {
  const e = env();
  const key = `${e.OPENAI_API_KEY ?? ""}\n${e.OPENAI_BASE_URL ?? ""}\n${e.SUMMARY_MODEL}\n${e.SUMMARY_DEADLINE_SECONDS}`;
  if (configured?.key !== key) {
    configured = e.OPENAI_API_KEY
      ? {
          key,
          generator: createOpenAiGenerator({
            apiKey: e.OPENAI_API_KEY,
            baseURL: e.OPENAI_BASE_URL,
            model: e.SUMMARY_MODEL,
            // One request never outlasts a paid generation's deadline (which also aborts it).
            timeoutMs: Math.min(MODEL_REQUEST_TIMEOUT_MS, e.SUMMARY_DEADLINE_SECONDS * 1000),
          }),
          state: { kind: "openai", modelId: e.SUMMARY_MODEL },
        }
      : { key, generator: offlineGenerator, state: { kind: "offline", modelId: offlineGenerator.id } };
  }
  return configured;
}

const counts: GeneratorState["counts"] = { ok: 0, invalid: 0, error: 0, fallback: 0, unavailable: 0 };
let lastSuccessAt: string | null = null;
let lastError: GeneratorState["lastError"] = null;

/** Counts an outcome; the service calls this for every attempt and every unavailable answer. */
export function noteOutcome(outcome: GenerationOutcome | "unavailable", detail: string | null): void {
  counts[outcome] += 1;
  const at = new Date().toISOString();
  if (outcome === "ok" || outcome === "fallback") lastSuccessAt = at;
  else lastError = { at, outcome, detail: detail ?? "" };
}

export function getGeneratorState(): GeneratorState {
  const { generator, state } = configuration();
  return {
    generator: state,
    fallbackModelId: generator === offlineGenerator ? null : offlineGenerator.id,
    promptVersion: PROMPT_VERSION,
    counts: { ...counts },
    lastSuccessAt,
    lastError,
  };
}
