/**
 * Fact sheets: every figure, date, named party and enumerated term of a filing a summary may
 * state, each read from one labelled cell of the body or of DART's structured record, with
 * those Korean cells verbatim.
 *
 * - buildFactSheet(input) (./sheet.ts): the sheet, pure; hasKeyFacts: whether it can be sold.
 * - The cell reader (./cells.ts), the label dictionary per form (./forms.ts), the role
 *   vocabulary (./roles.ts), the term tables (./terms.ts) and the one formatter (./format.ts).
 * - acceptProposals (./proposed.ts): facts a model proposes beyond the sheet, checked
 *   against the cells they point at.
 * - structuredText (./structured.ts): DART's structured record (DS005) as labelled lines.
 */
export { acceptProposals, type ProposalResult, type ProposedFact } from "./proposed";
export { formatAmount, formatDate, formatPeriod, formatValue } from "./format";
export { formOf, notSoldFormOf, type Form } from "./forms";
export { ROLES, roleSpec, type RoleSpec } from "./roles";
export { buildFactSheet, hasKeyFacts } from "./sheet";
export { structuredText } from "./structured";
export type { FactCell, FactKind, FactSheet, FactSource, FactValue, SheetFact } from "./types";
