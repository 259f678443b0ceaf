/**
 * Readable names (lib/summaries/names): a listed company's English name from the bundled
 * directory, well-known group names, corporate words translated, only the rest romanised
 * with the Korean original beside it once.
 */
import { describe, expect, it } from "vitest";
import { companyDisplayName } from "@/lib/summaries";
import { displayCompanyName, nameFromBody, personName, readableName } from "@/lib/summaries/names";
import { realInput } from "./corpus";

describe("readable names", () => {
  it("spells the big financial groups as they spell themselves, not letter by letter", () => {
    expect(readableName("신한은행")).toBe("Shinhan Bank");
    expect(readableName("미래에셋증권")).not.toMatch(/Miraeesetjeunggwon/);
    expect(readableName("미래에셋증권")).toMatch(/^Mirae Asset Securities/i);
    expect(readableName("한국투자증권")).toBe("Korea Investment & Securities");
    expect(readableName("미래에셋캐피탈")).toBe("Mirae Asset Capital");
  });

  it("takes a listed company's English name from the directory", () => {
    expect(readableName("셀트리온")).toBe("Celltrion");
    expect(readableName("(주)헬릭스미스")).toBe("Helixmith");
    expect(readableName("삼성생명")).toBe("Samsung Life Insurance");
  });

  it("translates corporate words and loanwords, romanises only the rest, the Korean beside it", () => {
    expect(readableName("주식회사 한국파일")).toBe('Korea Pail Co., Ltd. ("주식회사 한국파일")');
    expect(readableName("주식회사 로아앤코홀딩스")).toBe('Roaaenko Holdings ("주식회사 로아앤코홀딩스")');
    expect(readableName("트루윈창업투자 주식회사")).toBe(
      'Teuruwin Venture Capital Co., Ltd. ("트루윈창업투자 주식회사")',
    );
    expect(readableName("크리스탈밸류 제1호 투자조합")).toBe("Crystal Value No. 1 Investment Partnership");
    expect(readableName("주식회사 에이블네트워크")).toMatch(/ Network Co\., Ltd\. \("/);
    expect(readableName("Northvolt Ett AB")).toBe("Northvolt Ett AB");
  });

  it("writes people and directory names as English prose does", () => {
    expect(personName("마민지")).toBe("Ma Min-ji");
    expect(personName("김철수")).toBe("Kim Cheol-su");
    expect(displayCompanyName("SAMSUNG ELECTRONICS CO,.LTD")).toBe("Samsung Electronics");
    expect(displayCompanyName("NICE INFORMATION & TELECOMMUNICATION INC.")).toBe(
      "NICE Information & Telecommunication",
    );
    expect(displayCompanyName("STX CORPORATION")).toBe("STX");
  });

  it("uses the name an unlisted company's own filing spells in its web address, not a letter-by-letter romanisation", () => {
    expect(nameFromBody("주식회사 아틀라스링크", "(홈페이지) http://www.atlaslink.co.kr")).toBe("Atlaslink");
    expect(nameFromBody("아틀라스링크", "(홈페이지) http://www.samsung.com/sec")).toBeNull();
    // The body gives no address; the company record has its new name (the seed: 알로이스 renamed 아틀라스링크).
    expect(companyDisplayName(realInput("20260729900778"))).toBe("Atlaslink");
    expect(companyDisplayName(realInput("20260820000380"))).toBe("Atlaslink"); // www.atlaslink.co.kr
  });
});
