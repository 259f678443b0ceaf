import { ApiError } from "@/lib/api/errors";
import type { DisclosureFactsResponse, DisclosureSummaryDto } from "@/lib/interface/schemas";
import type { X402ToolResult } from "./x402";

/** A tool's answer: the data as `structuredContent` (checked against its output schema) and a short text. */
export function structuredResult(data: object, text: string): X402ToolResult {
  return { structuredContent: data as Record<string, unknown>, content: [{ type: "text", text }] };
}

/**
 * A tool error with the HTTP API's error body (`validation_failed`, `not_found`,
 * `summary_unavailable`, ...) as its structured content. Anything that is not an ApiError is
 * logged and answered as `internal_error`, as over HTTP.
 */
export function errorResult(error: unknown): X402ToolResult {
  if (!(error instanceof ApiError)) console.error("[mcp] unhandled error:", error);
  const apiError =
    error instanceof ApiError ? error : new ApiError("internal_error", "Something went wrong on our side.");
  return {
    isError: true,
    structuredContent: apiError.toBody(),
    content: [{ type: "text", text: `${apiError.code}: ${apiError.message}` }],
  };
}

/** One summary as text: what it is, the summary, and its source. */
export function summaryText(s: DisclosureSummaryDto): string {
  return `${s.corpNameEn}: ${s.reportNmEn} (rcptNo ${s.rcptNo}) [${s.eventType}, importance ${s.importanceScore}]\n${s.summaryEn}\nSource: ${s.sourceUrl}`;
}

/** A summary and its facts as text: each fact's rendered form beside the Korean cells it was read from. */
export function factsText(answer: DisclosureFactsResponse): string {
  const facts = answer.facts.map(
    (f) =>
      `- ${f.id} ${f.label}: ${f.text} ← ${f.source.label}: ${f.source.value}${f.source.section ? ` (${f.source.section})` : ""}`,
  );
  return [summaryText(answer.summary), `Facts (${answer.facts.length}):`, ...facts].join("\n");
}
