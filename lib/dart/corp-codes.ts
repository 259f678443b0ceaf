/** corpCode.xml: DART's company directory, a ZIP holding CORPCODE.xml (about 100k entries). */
import { XMLParser } from "fast-xml-parser";
import { decodeDartText, unzipEntries } from "./archive";
import { DartError } from "./errors";
import type { DartCorpCodeEntry } from "./types";

interface RawEntry {
  corp_code?: string;
  corp_name?: string;
  corp_eng_name?: string;
  stock_code?: string;
  modify_date?: string;
}

// Values stay strings (corp codes and tickers have leading zeros); one pass over the text.
const parser = new XMLParser({
  parseTagValue: false,
  trimValues: true,
  ignoreAttributes: true,
  processEntities: true,
  isArray: (name) => name === "list",
});

/** The listed companies (non-blank stock_code) of a corpCode.xml ZIP. */
export function listedCompaniesFromCorpCodeZip(zip: Uint8Array): DartCorpCodeEntry[] {
  const [entry] = unzipEntries(zip, (name) => /\.xml$/i.test(name));
  if (!entry) throw new DartError("malformed", "corpCode.xml ZIP has no XML file", { retryable: true });
  return listedCompaniesFromCorpCodeXml(decodeDartText(entry[1]));
}

export function listedCompaniesFromCorpCodeXml(xml: string): DartCorpCodeEntry[] {
  let doc: { result?: { list?: RawEntry[] } };
  try {
    doc = parser.parse(xml);
  } catch (err) {
    throw new DartError("malformed", `CORPCODE.xml does not parse: ${(err as Error).message}`, { retryable: true });
  }
  const list = doc.result?.list;
  if (!Array.isArray(list)) throw new DartError("malformed", "CORPCODE.xml has no <result><list>", { retryable: true });

  const listed: DartCorpCodeEntry[] = [];
  for (const e of list) {
    const stockCode = text(e.stock_code);
    const corpCode = text(e.corp_code);
    if (!stockCode || !corpCode) continue; // unlisted issuers carry a single space
    listed.push({
      corpCode,
      corpName: text(e.corp_name),
      corpEngName: text(e.corp_eng_name),
      stockCode,
      modifyDate: text(e.modify_date),
    });
  }
  return listed;
}

/** Empty elements parse as "" or, when they hold only whitespace, may be absent. */
function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}
