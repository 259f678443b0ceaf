import { ApiError, apiErrorOf } from "@/lib/api/errors";
import type { DisclosureFactsResponse, DisclosureSummaryDto } from "@/lib/interface/schemas";
import type { X402ToolResult } from "./x402";

/** A tool's answer: the data as `structuredContent` (checked against its output schema) and a short text. */
export function structuredResult(data: object, text: string): X402ToolResult {
  return { structuredContent: data as Record<string, unknown>, content: [{ type: "text", text }] };
}

/**
 * A tool error with the HTTP API's error body (`validation_failed`, `not_found`,
 * `service_unavailable`, ...) as JSON in its text. A database that cannot be reached is
 * `service_unavailable` with `retryAfter`; anything else that is not an ApiError is logged and
 * answered as `internal_error`, as over HTTP.
 *
 * `structured`: the body is also the result's `structuredContent`. Only for tools without an
 * outputSchema: @modelcontextprotocol/sdk 1.x checks an error result's structuredContent
 * against the tool's outputSchema too, and throws in `callTool()` when it does not match.
 */
export function errorResult(error: unknown, { structured }: { structured: boolean }): X402ToolResult {
  const known = apiErrorOf(error);
  if (!known) console.error("[mcp] unhandled error:", error);
  const body = (known ?? new ApiError("internal_error", "Something went wrong on our side.")).toBody();
  return {
    isError: true,
    ...(structured ? { structuredContent: body } : {}),
    content: [{ type: "text", text: JSON.stringify(body) }],
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
