import { readFileSync } from "node:fs";
import { unzipSync, zipSync } from "fflate";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DOCUMENT_CHARS } from "@/lib/dart";
import { recordingClient } from "../support/dart-test-kit";
import { REAL_DOCUMENT_RCPT_NO, startFakeDartServer, type FakeDartServer } from "../../dev/support/fake-dart-server";

let server: FakeDartServer;
beforeAll(async () => {
  server = await startFakeDartServer();
});
afterAll(() => server.close());

/** The real half-year report body: CP949 bytes under an encoding="utf-8" declaration. */
const realPart = Object.values(
  unzipSync(readFileSync(new URL("../fixtures/dart/document_20220816001711.zip", import.meta.url))),
)[0];

describe("documentText on the real body (Samsung Electronics half-year report 2022)", () => {
  it("decodes the CP949 bytes despite the utf-8 declaration and keeps Korean text", async () => {
    expect(new TextDecoder().decode(realPart.slice(0, 60))).toContain('encoding="utf-8"');
    const doc = await recordingClient(server).documentText(REAL_DOCUMENT_RCPT_NO);
    expect(doc.status).toBe("ok");
    if (doc.status !== "ok") return;
    expect(doc.text).toContain("삼성전자주식회사");
    expect(doc.text).toContain("당사의 명칭은 삼성전자주식회사이고 영문명은 Samsung Electronics Co., Ltd.");
    expect(doc.text).not.toContain("\uFFFD");
  });

  it("keeps table cells as label: value lines and removes markup", async () => {
    const doc = await recordingClient(server).documentText(REAL_DOCUMENT_RCPT_NO);
    if (doc.status !== "ok") throw new Error("expected text");
    const lines = doc.text.split("\n");
    expect(lines).toContain("사업연도: 2022년 01월 01일 | 부터");
    expect(lines).toContain("제출대상법인 유형: 주권상장법인");
    expect(lines).toContain("대 표 이 사: 한 종 희");
    expect(lines).toContain("DX 부문: 영상기기 | 20,877 | 44,133 | 48,244");
    // Table-of-contents dot leaders are dropped; the page number stays.
    expect(lines).toContain("I. 회사의 개요: 2");
    expect(doc.text).not.toMatch(/<\/?[A-Z][A-Z-]*[\s>]/);
  });

  it("skips images and their captions", async () => {
    const doc = await recordingClient(server).documentText(REAL_DOCUMENT_RCPT_NO);
    if (doc.status !== "ok") throw new Error("expected text");
    expect(doc.text).not.toContain("대표이사 확인서.jpg");
    expect(doc.text).toContain("【 대표이사 등의 확인 】");
  });

  it("caps the text", async () => {
    const doc = await recordingClient(server).documentText(REAL_DOCUMENT_RCPT_NO);
    if (doc.status !== "ok") throw new Error("expected text");
    expect(doc.text.length).toBe(MAX_DOCUMENT_CHARS);
    expect(doc.truncated).toBe(true);
    const short = await recordingClient(server, { maxDocumentChars: 500 }).documentText(REAL_DOCUMENT_RCPT_NO);
    expect(short.status === "ok" && [short.text.length <= 500, short.truncated]).toEqual([true, true]);
  });
});

describe("documentText on other shapes of ZIP", () => {
  it("answers no_file for status 014", async () => {
    expect(await recordingClient(server).documentText("20990101000001")).toEqual({ status: "no_file" });
  });

  it("reads UTF-8 bytes as UTF-8 whatever the declaration says, and skips image parts", async () => {
    // Constructed: a short part in DART's dialect under a euc-kr declaration, plus an image.
    const xml = `<?xml version="1.0" encoding="euc-kr"?>
<DOCUMENT><BODY><P>단일판매ㆍ공급계약체결</P>
<TABLE><TBODY><TR><TD>1. 판매ㆍ공급계약 내용</TD><TU>반도체 장비 공급</TU></TR>
<TR><TD>2. 계약금액(원)</TD><TE>12,345,678,900</TE></TR></TBODY></TABLE></BODY></DOCUMENT>`;
    server.setDocument(
      "20990101000002",
      zipSync({
        "20990101000002.xml": new TextEncoder().encode(xml),
        "20990101000002_logo.jpg": new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      }),
    );
    const doc = await recordingClient(server).documentText("20990101000002");
    expect(doc).toEqual({
      status: "ok",
      text: "단일판매ㆍ공급계약체결\n1. 판매ㆍ공급계약 내용: 반도체 장비 공급\n2. 계약금액(원): 12,345,678,900",
      truncated: false,
    });
  });

  it("reads HTML parts (open void elements, entities) and puts parts in archive order", async () => {
    // Constructed: an HTML attachment in CP949, after a main part.
    const html = `<!DOCTYPE html><html><head><title>첨부</title><style>p{}</style></head>
<body><p>가나다<br>라마바 &amp; 사아</p><img src="a.png"><table><tr><th>구분</th><th>금액</th></tr>
<tr><td>매출액</td><td>1,000</td></tr></table></body></html>`;
    server.setDocument(
      "20990101000003",
      zipSync({
        "20990101000003.xml": new TextEncoder().encode("<DOCUMENT><BODY><P>본문</P></BODY></DOCUMENT>"),
        "20990101000003_00760.htm": iconv.encode(html, "cp949"),
      }),
    );
    const doc = await recordingClient(server).documentText("20990101000003");
    expect(doc.status === "ok" && doc.text.split("\n")).toEqual([
      "본문",
      "",
      "가나다",
      "라마바 & 사아",
      "구분: 금액",
      "매출액: 1,000",
    ]);
  });
});
