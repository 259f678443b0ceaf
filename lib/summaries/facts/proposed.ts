/**
 * Facts a model proposes beyond the sheet (a figure in prose the dictionary does not reach,
 * say). One is accepted only when its Korean label and value cells exist in the body (or the
 * structured record) as a label and the value beside it, the value parses from that cell
 * with that table's unit, and the label maps to the proposed role under the filing's form. A
 * fact without a role is never accepted: what the dictionary does not understand is not sold.
 * The server reads the value itself; the model only points at the cells.
 */
import type { SummaryInput } from "../types";
import { compactLabel, type Slot } from "./cells";
import { COMMON_RULES, formOf } from "./forms";
import { ROLES } from "./roles";
import { matches, readFact, sheetDocuments } from "./sheet";
import type { FactSheet, ProposedFact, SheetFact } from "./types";

export type { ProposedFact } from "./types";

export type ProposalResult =
  | { ok: true; sheet: FactSheet; /** proposed id → sheet id */ ids: Map<string, string> }
  | { ok: false; reason: string };

export function acceptProposals(
  input: SummaryInput,
  sheet: FactSheet,
  proposals: readonly ProposedFact[],
): ProposalResult {
  if (proposals.length === 0) return { ok: true, sheet, ids: new Map() };
  const form = formOf(input.reportNm, input.eventType);
  const rules = [...form.rules, ...COMMON_RULES];
  const documents = sheetDocuments(input);
  const facts: SheetFact[] = [...sheet.facts];
  const ids = new Map<string, string>();
  for (const proposal of proposals) {
    const what = `new fact ${proposal.id} (${proposal.label}: ${proposal.value})`;
    if (!/^n\d+$/.test(proposal.id) || ids.has(proposal.id))
      return { ok: false, reason: `${what}: ids of new facts are n1, n2, …, each once` };
    if (!proposal.role)
      return { ok: false, reason: `${what}: a new fact needs a role of this form; without one it cannot be stated` };
    const spec = ROLES[proposal.role];
    if (!spec) return { ok: false, reason: `${what}: "${proposal.role}" is not a role` };
    if (spec.kind !== proposal.kind)
      return { ok: false, reason: `${what}: a ${proposal.role} is a ${spec.kind}, not a ${proposal.kind}` };
    if (facts.some((f) => f.role === proposal.role))
      return { ok: false, reason: `${what}: the sheet already has the ${spec.en}; cite it` };

    const label = proposal.label.trim();
    const value = proposal.value.trim();
    let found: { slot: Slot; document: (typeof documents)[number] } | null = null;
    for (const document of documents) {
      for (const slot of document.cells.slots) {
        if (slot.label?.trim() !== label) continue;
        const cell = slot.value.trim();
        if (cell === value || ((slot.prose || slot.text) && value.length >= 2 && cell.includes(value))) {
          found = { slot: { ...slot, value }, document };
          break;
        }
      }
      if (found) break;
    }
    if (!found) return { ok: false, reason: `${what}: the filing has no such label with that value beside it` };

    const fitting = rules.filter((rule) => matches(rule, found.slot));
    if (!fitting.some((rule) => rule.role === proposal.role))
      return {
        ok: false,
        reason: `${what}: the label "${compactLabel(label)}" does not state a ${spec.en} in this form`,
      };

    const fact = readFact(found.slot, proposal.role, proposal.kind, found.document, null);
    if (!fact) return { ok: false, reason: `${what}: "${value}" does not read as a ${proposal.kind}` };
    const id = `f${facts.length + 1}`;
    facts.push({ id, ...fact });
    ids.set(proposal.id, id);
  }
  const roles = new Set(facts.map((f) => f.role));
  return {
    ok: true,
    sheet: { ...sheet, facts, missingKeyRoles: sheet.keyRoles.filter((role) => !roles.has(role)) },
    ids,
  };
}
