/** Names through one display function, and Korean company search ranked as English search is (issue 37). */
import { describe, expect, it } from "vitest";
import { englishNameKey, type Company } from "@/db/queries";
import { DirectoryIndex, koreanWordMatch } from "@/lib/directory/search";
import { displayCompanyName } from "@/lib/names/display";
import companies from "@/lib/seed/companies.json";

describe("displayCompanyName", () => {
  it("keeps a '& Company' that is the name's own, dropping only the legal form", () => {
    expect(displayCompanyName("Nine & Company Inc.")).toBe("Nine & Company");
    expect(displayCompanyName("HANKOOK & COMPANY CO., LTD.")).toBe("Hankook & Company");
    expect(displayCompanyName("OCI Holdings Company Ltd.")).toBe("OCI Holdings");
  });

  it("tames short English words of a shouted name, keeping acronyms", () => {
    expect(displayCompanyName("SAMSUNG CARD CO.,LTD")).toBe("Samsung Card");
    expect(displayCompanyName("KOREA GAS CORPORATION")).toBe("Korea Gas");
    expect(displayCompanyName("CSA COSMIC CO., LTD.")).toBe("CSA Cosmic");
    expect(displayCompanyName("STX CORPORATION")).toBe("STX");
  });
});

describe("Korean company search", () => {
  // The bundled directory, as the database holds it (its English key added).
  const index = new DirectoryIndex(
    companies.map((c) => ({ ...c, nameEnKey: englishNameKey(c.nameEn) })) as unknown as Company[],
  );
  const tickers = (q: string, n: number) => index.search(q, n).map((m) => m.ticker);

  it("matches a Hangul query at the start of a name as a word, after a Latin lead too", () => {
    expect(koreanWordMatch("삼성바이오로직스", "삼성")).toBe(true);
    expect(koreanWordMatch("HD현대중공업", "현대")).toBe(true);
    expect(koreanWordMatch("LG전자", "전")).toBe(false);
    expect(koreanWordMatch("광전자", "전자")).toBe(false);
  });

  it("ranks 삼성 as samsung ranks: market value breaks the tie", () => {
    const korean = tickers("삼성", 10);
    expect(korean.slice(0, 2)).toEqual(["005930", "207940"]); // Samsung Electronics, Samsung Biologics
    expect(korean).toContain("006400"); // Samsung SDI
    expect(korean).toEqual(tickers("samsung", 10));
  });
});
