/**
 * Whether a filing's summary would be delivered, decided from its sources alone — before any
 * payment is asked for, in tens of milliseconds: a filing is sold only when its form is one the
 * service reads (not one it declines for a stated reason, NOT_SOLD_FORMS), its sheet states a
 * key fact of its type, holds every fact its form cannot be told without (a key table left
 * empty), and the offline generator's plan for it passes the same gate every paid answer
 * passes. Then a paid request always has at least the offline summary to deliver, and a
 * deterministic failure is never offered for sale (nor answered 503 with a Retry-After).
 */
import type { NotSellableReason } from "./errors";
import { formOf, hasKeyFacts, notSoldFormOf, type FactSheet } from "./facts";
import { offlineAnswer } from "./offline";
import type { SummaryInput } from "./types";
import { validateSummary } from "./validate";

/** Why the summary of these sources would not be delivered; null when it would. */
export function undeliverableReason(input: SummaryInput, sheet: FactSheet): NotSellableReason | null {
  if (notSoldFormOf(input.reportNm)) return "form_not_sold";
  if (!hasKeyFacts(sheet)) return "no_facts";
  const required = formOf(input.reportNm, input.eventType).required ?? [];
  if (required.some((role) => !sheet.facts.some((fact) => fact.role === role))) return "incomplete_facts";
  const offline = validateSummary(input, sheet, offlineAnswer(input, sheet));
  return offline.ok ? null : "not_renderable";
}
