import { describe, expect, it } from "vitest";
import { issuerTicker, SECTOR_TAGS, sectorTagForCompany, sectorTagsFor, sectorTagsForIndustry } from "@/lib/classify";
import sectorMap from "@/lib/classify/data/sector-map.json";

const SECTOR_NAMES = new Set<string>(SECTOR_TAGS.map(({ tag }) => tag));

describe("the committed sector map", () => {
  it("uses only the sector vocabulary and lists each ticker once", () => {
    const tickers = Object.values(sectorMap.sectors).flat();
    for (const tag of Object.keys(sectorMap.sectors)) expect(SECTOR_NAMES.has(tag), tag).toBe(true);
    expect(new Set(tickers).size).toBe(tickers.length);
    // The KRX listing of 2026-03-22 has 2,879 lines including 113 preferred shares.
    expect(tickers.length).toBeGreaterThanOrEqual(2800);
  });

  it.each([
    ["005930", "Technology Hardware & Equipment"], // Samsung Electronics
    ["000660", "Semiconductors & Semiconductor Equipment"], // SK hynix
    ["035420", "Media & Entertainment"], // NAVER
    ["036570", "Media & Entertainment"], // NCSOFT: a game maker filed as software
    ["105560", "Banks"], // KB Financial Group
    ["032830", "Insurance"], // Samsung Life
    ["207940", "Pharmaceuticals, Biotechnology & Life Sciences"], // Samsung Biologics
    ["090430", "Household & Personal Products"], // Amorepacific
    ["348950", "Equity Real Estate Investment Trusts (REITs)"], // JR Global REIT
    ["466690", "Financial Services"], // a SPAC
    ["015760", "Utilities"], // KEPCO
  ])("tags %s as %s", (ticker, tag) => {
    expect(sectorTagsFor(ticker)).toEqual([tag]);
  });

  it("maps preferred shares like their issuer", () => {
    expect(sectorTagsFor("005935")).toEqual(sectorTagsFor("005930"));
    expect(sectorTagsFor("00104K")).toEqual(sectorTagsFor("001040"));
    expect(issuerTicker("00104K")).toBe("001040");
    expect(issuerTicker("123456K")).toBe("123456K");
  });

  it("returns [] for unknown tickers", () => {
    expect(sectorTagsFor("999990")).toEqual([]);
  });
});

describe("sector rules for companies the map does not know", () => {
  it("maps a KSIC industry name, refined by WICS where one industry spans several", () => {
    expect(sectorTagsForIndustry("반도체 제조업")).toEqual(["Semiconductors & Semiconductor Equipment"]);
    expect(sectorTagsForIndustry("  소프트웨어 개발 및   공급업 ")).toEqual(["Software & Services"]);
    expect(sectorTagForCompany({ ksicIndustryKo: "소프트웨어 개발 및 공급업", wicsSector: "G50" })).toBe(
      "Media & Entertainment",
    );
    expect(sectorTagForCompany({ ksicIndustryKo: "기타 금융업", wicsSector: "G30", nameKo: "농심홀딩스" })).toBe(
      "Food, Beverage & Tobacco",
    );
  });

  it("lets the company name decide for REITs, SPACs and bank holding companies", () => {
    expect(sectorTagsForIndustry("부동산 임대 및 공급업", "롯데리츠")).toEqual([
      "Equity Real Estate Investment Trusts (REITs)",
    ]);
    expect(sectorTagsForIndustry("금융 지원 서비스업", "교보19호스팩")).toEqual(["Financial Services"]);
    expect(sectorTagsForIndustry("기타 금융업", "신한지주")).toEqual(["Banks"]);
  });

  it("falls back to keywords for industries outside the table, and to nothing", () => {
    expect(sectorTagsForIndustry("기타 의약 연구업")).toEqual(["Pharmaceuticals, Biotechnology & Life Sciences"]);
    expect(sectorTagsForIndustry("")).toEqual([]);
  });
});
