import { describe, expect, it } from "vitest";
import { romanizeKorean } from "@/lib/romanize";

describe("romanizeKorean (Revised Romanization)", () => {
  it.each([
    ["삼성전자", "Samseongjeonja"],
    ["카카오", "Kakao"],
    ["셀트리온", "Selteurion"],
    ["울산", "Ulsan"],
    ["대한항공", "Daehanhanggong"],
  ])("romanizes syllable by syllable: %s → %s", (korean, roman) => {
    expect(romanizeKorean(korean)).toBe(roman);
  });

  it.each([
    ["한국어", "Hangugeo"], // liaison: a final consonant moves onto the next vowel
    ["국민은행", "Gungmineunhaeng"], // ㄱ before ㄴ, ㅁ is nasalised
    ["독립문", "Dongnimmun"], // ㄱ+ㄹ → ng+n, ㅂ+ㅁ → m
    ["종로", "Jongno"], // ㄹ after ㅇ reads n
    ["신라", "Silla"], // ㄴ+ㄹ → ll
    ["설날", "Seollal"], // ㄹ+ㄴ → ll
    ["대관령", "Daegwallyeong"],
    ["좋고", "Joko"], // final ㅎ aspirates ㄱ
    ["놓아", "Noa"], // final ㅎ is silent before a vowel
  ])("applies the basic final-consonant rules: %s → %s", (korean, roman) => {
    expect(romanizeKorean(korean)).toBe(roman);
  });

  it("capitalises each word and keeps spacing", () => {
    expect(romanizeKorean("한국 전력 공사")).toBe("Hanguk Jeollyeok Gongsa");
  });

  it("keeps Latin letters, digits and punctuation, separating Latin from Hangul", () => {
    expect(romanizeKorean("LG유플러스")).toBe("LG Yupeulleoseu");
    expect(romanizeKorean("CJ제일제당")).toBe("CJ Jeiljedang");
    expect(romanizeKorean("iM금융지주")).toBe("iM Geumyungjiju");
    expect(romanizeKorean("KB제27호스팩")).toBe("KB Je27hoseupaek");
    expect(romanizeKorean("삼성SDS")).toBe("Samseong SDS");
    expect(romanizeKorean("3S")).toBe("3S");
    expect(romanizeKorean("에이치엘비(주) & Co.")).toBe("Eichielbi(Ju) & Co.");
    expect(romanizeKorean("")).toBe("");
  });

  it("never leaves Hangul behind", () => {
    const syllableCount = 0xd7a3 - 0xac00 + 1;
    const everySyllableOnce = Array.from({ length: syllableCount }, (_, i) => String.fromCharCode(0xac00 + i)).join("");
    expect(romanizeKorean(everySyllableOnce)).toMatch(/^[A-Za-z]+$/);
  });
});
