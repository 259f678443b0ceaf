/** Exports of a view (CSV escaping, free data only) and a revealed summary's citation and fact sheet (issue 37). */
import { describe, expect, it } from "vitest";
import { citationText, factSheet, sentences } from "@/lib/explorer/citation";
import { csvField, EXPORT_COLUMNS, toCsv, toExportRow, toJson } from "@/lib/explorer/export";
import type { FeedRow } from "@/lib/explorer/feed";
import type { DisclosureSummaryDto, FactDto } from "@/lib/interface/schemas";

const ROW: FeedRow = {
  rcptNo: "20260716900946",
  ticker: "366030",
  corpName: "나인앤컴퍼니",
  corpNameEn: "Nine & Company",
  reportNm: "타법인주식및출자증권취득결정(자율공시)              ",
  reportNmEn: 'Decision to acquire shares, "voluntary", of another company',
  importanceScore: 6,
  eventType: "EQUITY_INVESTMENT",
  eventLabel: "Equity investment",
  seenAt: "2026-07-16T14:59:59.999Z",
  market: "KOSDAQ",
  summaryOffer: true,
};

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(" edge")).toBe('" edge"');
    expect(csvField(null)).toBe("");
    expect(csvField(6)).toBe("6");
    expect(csvField(false)).toBe("false");
  });

  it("never lets a spreadsheet run a title as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });
});

describe("a view's export", () => {
  it("is the row's free data, in a fixed column order: never a summary", () => {
    const row = toExportRow(ROW);
    expect(Object.keys(row)).toEqual(EXPORT_COLUMNS);
    expect(row.reportNm).toBe("타법인주식및출자증권취득결정(자율공시)");
    expect(row.dartUrl).toBe("https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260716900946");
    expect(JSON.stringify(row)).not.toMatch(/summaryEn|facts/);
  });

  it("as CSV: a byte-order mark, a header, CRLF lines, Korean kept", () => {
    const csv = toCsv([toExportRow(ROW)]);
    expect(csv.startsWith("\uFEFFrcptNo,seenAt,ticker,")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toHaveLength(3); // header, one row, the final line end
    expect(lines[1]).toContain(
      '나인앤컴퍼니,Nine & Company,타법인주식및출자증권취득결정(자율공시),"Decision to acquire shares, ""voluntary"", of another company"',
    );
    expect(lines[1].endsWith(",6,true,https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260716900946")).toBe(true);
  });

  it("as JSON: what it is of, then the rows", () => {
    const meta = {
      view: "feed",
      page: "/?min=5",
      asOf: "2026-07-16T14:59:59.999Z",
      dataMode: "snapshot",
      total: 40,
    } as const;
    const json = JSON.parse(toJson(meta, [toExportRow(ROW)]));
    expect(json).toMatchObject({ ...meta, count: 1, filings: [{ rcptNo: ROW.rcptNo, corpNameEn: "Nine & Company" }] });
  });
});

const SUMMARY: DisclosureSummaryDto = {
  rcptNo: "20260730800123",
  corpName: "삼성전자",
  corpNameEn: "SAMSUNG ELECTRONICS CO,.LTD",
  reportNm: "[기재정정]연결재무제표기준영업(잠정)실적(공정공시)",
  reportNmEn: "Provisional consolidated operating results (correction)",
  summaryEn:
    "Samsung Electronics corrected its provisional results for Q2 2026. Operating profit was KRW 4.7 trillion, on revenue of KRW 74.0 trillion. The figures are unaudited.",
  importanceScore: 8,
  eventType: "EARNINGS",
  sectorTags: [],
  tickerTags: ["005930"],
  actionableFor: [],
  sourceUrl: "https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260730800123",
  numericExpectation: "HIGH",
  generatedAt: "2026-12-02T03:17:00.000Z",
};
const FACTS: FactDto[] = [
  {
    id: "f1",
    role: "operating_profit",
    label: "operating profit",
    kind: "amount",
    value: 4_700_000_000_000,
    unit: "KRW",
    text: "KRW 4.7 trillion",
    source: { label: "영업이익", value: "4,700,000,000,000" },
  },
];

describe("citation", () => {
  it("splits sentences without breaking a decimal figure", () => {
    expect(sentences(SUMMARY.summaryEn)).toHaveLength(3);
    expect(sentences(SUMMARY.summaryEn)[1]).toBe(
      "Operating profit was KRW 4.7 trillion, on revenue of KRW 74.0 trillion.",
    );
  });

  it("quotes the sentence with the figure, the figure, its Korean cell and the DART link", () => {
    expect(citationText(SUMMARY, FACTS)).toBe(
      'Samsung Electronics (삼성전자), "Provisional consolidated operating results (correction)", DART receipt 20260730800123 (2026-07-30): ' +
        '"Operating profit was KRW 4.7 trillion, on revenue of KRW 74.0 trillion." ' +
        "Operating profit: KRW 4.7 trillion (filed as 영업이익: 4,700,000,000,000). " +
        "https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260730800123",
    );
  });

  it("without facts quotes the first sentence", () => {
    expect(citationText(SUMMARY)).toContain(
      '(2026-07-30): "Samsung Electronics corrected its provisional results for Q2 2026." https://',
    );
  });

  it("the fact sheet carries the summary, facts with their Korean cells, and the citation", () => {
    const sheet = JSON.parse(factSheet(SUMMARY, FACTS, [{ label: "매출액", value: "74,000,000,000,000" }]));
    expect(sheet).toMatchObject({
      rcptNo: SUMMARY.rcptNo,
      receiptDate: "2026-07-30",
      company: { nameEn: "Samsung Electronics", nameKr: "삼성전자" },
      facts: [{ text: "KRW 4.7 trillion", source: { label: "영업이익" } }],
      otherCells: [{ label: "매출액" }],
    });
    expect(sheet.citation).toBe(citationText(SUMMARY, FACTS));
  });
});
