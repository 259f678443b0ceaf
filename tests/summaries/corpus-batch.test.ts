/**
 * What a sold sheet must be, on every real body the project has — the first corpus (with the
 * implementer's expected facts, tests/summaries/rubric.test.ts), the second batch of 134 raw
 * bodies, the third of 17 and the fourth of 20, for which no expectations were written
 * (tests/fixtures/dart/corpus2, corpus3, corpus4): each read
 * without error; no fact without a role; every source cell verbatim in the body; and a fact's
 * kind and unit from its own cell, column and table — a % column never yields shares, a birth
 * date, code or serial number is never an amount, a table's 백만원 never scales another table.
 * The invariants are the implementer's; what they catch is measured, not fitted.
 */
import { describe, expect, it } from "vitest";
import { formatValue } from "@/lib/summaries/facts";
import { undeliverableReason } from "@/lib/summaries";
import { batchSources, realSources } from "./corpus";

const sources = [...realSources(), ...batchSources("corpus2"), ...batchSources("corpus3"), ...batchSources("corpus4")];

/** Labels of cells that are never money: birth dates, codes, registration and serial numbers, counts of persons. */
const NEVER_AMOUNT = /생년월일|코드|등록번호|고유번호|사업자|회차|번호$|인원|명\)$|주식수|\(주\)$/;
/** A Korean won figure larger than any listed company's deal: 10,000 trillion won. */
const MAX_WON = 1e16;

describe("every real body", () => {
  it("yields a sheet and a decision without error: the first corpus and the raw batches", () => {
    expect(sources.length).toBeGreaterThanOrEqual(69 + 134 + 17 + 20);
    for (const { input, sheet } of sources) expect(() => undeliverableReason(input, sheet), input.rcptNo).not.toThrow();
  });

  it("states no fact without a role, and lists the cells it does not know apart, in Korean, with nothing added", () => {
    let cells = 0;
    for (const { input, sheet } of sources) {
      for (const fact of sheet.facts) expect(fact.role, `${input.rcptNo} ${fact.id}`).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
      for (const cell of sheet.cells) {
        cells++;
        expect(
          Object.keys(cell).every((key) => ["label", "value", "section", "column"].includes(key)),
          input.rcptNo,
        ).toBe(true);
        expect(cell, input.rcptNo).not.toHaveProperty("kind");
        expect(cell, input.rcptNo).not.toHaveProperty("unit");
        if (input.body) expect(input.body, input.rcptNo).toContain(cell.value);
      }
    }
    expect(cells).toBeGreaterThan(500);
  });

  it("keeps every fact's source cells verbatim in the body", () => {
    for (const { input, sheet } of sources) {
      if (!input.body) continue;
      for (const fact of sheet.facts) {
        expect(input.body, `${input.rcptNo} ${fact.id}`).toContain(fact.source.value);
        if (fact.source.label) expect(input.body, `${input.rcptNo} ${fact.id}`).toContain(fact.source.label);
      }
    }
  });

  it("never reads an amount from a birth date, a code, a serial number or a share count, nor a won figure past 10,000 trillion", () => {
    for (const { input, sheet } of sources) {
      for (const fact of sheet.facts.filter((f) => f.kind === "amount")) {
        const where = `${input.rcptNo} ${fact.id} ${fact.source.label}: ${fact.source.value}`;
        expect(fact.source.label, where).not.toMatch(NEVER_AMOUNT);
        expect(fact.source.value.trim(), where).not.toMatch(/^\d{6}$/); // YYMMDD
        if (fact.unit === "KRW") expect(Math.abs(fact.value as number), where).toBeLessThan(MAX_WON);
      }
    }
  });

  it("never reads shares from a percentage, nor a percentage from a share count", () => {
    for (const { input, sheet } of sources) {
      for (const fact of sheet.facts) {
        const where = `${input.rcptNo} ${fact.id} ${fact.source.label} [${fact.source.column ?? ""}]: ${fact.source.value}`;
        if (fact.kind === "shares") {
          expect(fact.source.value, where).not.toMatch(/%|％/);
          expect(`${fact.source.column ?? ""}`, where).not.toMatch(/비율|%|％/);
        }
        if (fact.kind === "percent") {
          expect(fact.source.value, where).not.toMatch(/주$/);
          expect(Math.abs(fact.value as number), where).toBeLessThanOrEqual(10_000);
        }
      }
    }
  });

  it("renders every fact with the one formatter: its text is its value in its unit", () => {
    for (const { input, sheet } of sources) {
      for (const fact of sheet.facts) {
        if (fact.kind === "party" || fact.kind === "enumeration" || fact.kind === "security") continue;
        const text = formatValue(fact.kind, fact.value, fact.unit, { magnitude: true });
        expect(fact.text.replace(/^-/, ""), `${input.rcptNo} ${fact.id}`).toBe(text.replace(/^-/, ""));
      }
    }
  });
});
