/**
 * buildFactSheet: the fact sheet of one filing, from its body and DART's structured record.
 * Pure: the same input always gives the same sheet, with the same ids.
 */
import type { SummaryInput } from "../types";
import type { FactSheet } from "./types";

export function buildFactSheet(input: SummaryInput): FactSheet {
  return { rcptNo: input.rcptNo, eventType: input.eventType, facts: [], keyRoles: [], missingKeyRoles: [] };
}
