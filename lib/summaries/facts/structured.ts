/**
 * DART's structured record of a filing (DS005, e.g. cvbdIsDecsn) as document text: one
 * `label: value` line per field, under the Korean label the OpenDART guide gives the field
 * (./ds005-labels.json, derived from the guide in ../shared/data/dart/reference), so the
 * form readers and the label dictionary read it like a body. A field whose label is generic
 * (시작일, 주식수) follows a line naming its group (전환청구기간), as the forms lay them out.
 * The generators and the validator render a record the same way, so a fact may cite a line.
 */
import labels from "./ds005-labels.json";
import type { StructuredData } from "../types";

const FIELD_LABELS: Readonly<Record<string, string | string[]>> = labels;

export function structuredText(record: StructuredData | null | undefined): string {
  if (!record) return "";
  const lines: string[] = [];
  let group: string | null = null;
  for (const [field, raw] of Object.entries(record.fields)) {
    const value = String(raw).replace(/\s+/g, " ").trim();
    if (!value || value === "-") continue;
    const label = FIELD_LABELS[field] ?? field;
    if (Array.isArray(label)) {
      if (group !== label[0]) lines.push(label[0]);
      group = label[0];
      lines.push(`${label[1]}: ${value}`);
    } else {
      group = null;
      lines.push(`${label}: ${value}`);
    }
  }
  return lines.join("\n");
}
