/** KSIC industries in English: every industry of the bundled directory's companies, and only real KSIC names. */
import { describe, expect, it } from "vitest";
import { isKnownKsicIndustry } from "@/lib/classify/industry-sectors";
import { industryNameEn, TRANSLATED_KSIC_INDUSTRIES } from "@/lib/names/industries";
import companies from "@/lib/seed/companies.json";

describe("industryNameEn", () => {
  it("names every industry of the directory's listed companies in English", () => {
    const industries = new Set(
      (companies as { industry?: string | null }[]).flatMap((c) => (c.industry ? [c.industry] : [])),
    );
    expect(industries.size).toBeGreaterThan(100);
    const missing = [...industries].filter((i) => industryNameEn(i) === null);
    expect(missing).toEqual([]);
  });

  it("translates only KSIC names the sector map knows, and is whitespace-tolerant", () => {
    for (const name of TRANSLATED_KSIC_INDUSTRIES) expect(isKnownKsicIndustry(name), name).toBe(true);
    expect(industryNameEn("반도체  제조업")).toBe("Manufacture of semiconductors");
    expect(industryNameEn("없는 산업")).toBeNull();
  });
});
