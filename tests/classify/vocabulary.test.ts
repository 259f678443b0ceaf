import { describe, expect, it } from "vitest";
import { CLASSIFIER_VERSION, EVENT_TYPES, MARKETS, marketForCorpCls, vocabularyDocument } from "@/lib/classify";

describe("vocabularyDocument", () => {
  it("is plain JSON describing every vocabulary", () => {
    const document = vocabularyDocument();
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(document.classifierVersion).toBe(CLASSIFIER_VERSION);
    expect(Number.isInteger(CLASSIFIER_VERSION)).toBe(true);
    expect(document.eventTypes.map((type) => type.eventType)).toEqual(EVENT_TYPES.map((type) => type.eventType));
    expect(document.audienceTags.map((audience) => audience.tag)).toEqual(
      expect.arrayContaining(["traders", "long_term_investors", "creditors"]),
    );
    expect(document.sectorTags).toHaveLength(25);
    expect(document.markets.map((market) => market.market)).toEqual([
      "KOSPI",
      "KOSDAQ",
      "KOSDAQ GLOBAL",
      "KONEX",
      "UNKNOWN",
    ]);
    expect(document.importanceRubric).toContain("9-10");
  });

  it("hands out copies, so callers cannot change the vocabulary", () => {
    const document = vocabularyDocument();
    document.eventTypes[0].actionableFor.push("esg_analysts");
    expect(vocabularyDocument().eventTypes[0].actionableFor).toEqual([...EVENT_TYPES[0].actionableFor]);
  });

  it("every audience tag used by an event type is declared", () => {
    const document = vocabularyDocument();
    const declared = new Set(document.audienceTags.map((audience) => audience.tag));
    for (const type of document.eventTypes) for (const tag of type.actionableFor) expect(declared.has(tag)).toBe(true);
  });
});

describe("markets", () => {
  it("maps list.json corp_cls to a market", () => {
    expect(marketForCorpCls("Y")).toBe("KOSPI");
    expect(marketForCorpCls("K")).toBe("KOSDAQ");
    expect(marketForCorpCls("N")).toBe("KONEX");
    expect(marketForCorpCls("E")).toBeNull();
    expect(marketForCorpCls(null)).toBeNull();
    expect(MARKETS.map((m) => m.market)).toEqual(["KOSPI", "KOSDAQ", "KOSDAQ GLOBAL", "KONEX", "UNKNOWN"]);
  });
});
