/**
 * DART's structured record of a filing (DS005, e.g. cvbdIsDecsn) as document text: one
 * `label: value` line per field, under the Korean label the OpenDART guide gives the field
 * (./ds005-labels.json, derived from the guide in ../shared/data/dart/reference), so the
 * label dictionary reads it like a body. A field whose label is generic (시작일, 주식수) is
 * written under its group (`전환청구기간: 시작일 | 2026-10-15`), as the forms lay them out.
 * The fact sheet and the model's prompt read a record through this one text.
 */
import labels from "./ds005-labels.json";
import type { StructuredData } from "../types";

const FIELD_LABELS: Readonly<Record<string, string | string[]>> = labels;

export function structuredText(record: StructuredData | null | undefined): string {
  if (!record) return "";
  const lines: string[] = [];
  for (const [field, raw] of Object.entries(record.fields)) {
    const value = String(raw).replace(/\s+/g, " ").trim();
    if (!value || value === "-") continue;
    const label = FIELD_LABELS[field] ?? field;
    lines.push(Array.isArray(label) ? `${label[0]}: ${label[1]} | ${value}` : `${label}: ${value}`);
  }
  return lines.join("\n");
}
