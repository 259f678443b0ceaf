/**
 * document.xml: the original filing, a ZIP of XML parts in DART's dialect (DOCUMENT, SECTION-n,
 * P, TABLE with TD/TH/TE/TU cells) or, for older filings, HTML. Turned into plain text for
 * readers and summarisers: markup removed, table rows kept as `label: value` lines, images
 * skipped, length capped.
 */
import { XMLParser } from "fast-xml-parser";
import { decodeDartText, unzipEntries } from "./archive";
import { DartError } from "./errors";

export const MAX_DOCUMENT_CHARS = 60_000;

/** A node of fast-xml-parser's ordered output: `{ TAG: children }` or `{ "#text": text }`. */
type OrderedNode = Record<string, OrderedNode[] | string>;

const parserOptions = {
  preserveOrder: true,
  ignoreAttributes: true,
  // Whitespace between inline runs matters; it is collapsed later.
  trimValues: false,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: 1000,
} as const;

// DART's XML closes every element (<COL></COL>, <IMG>file.jpg</IMG>); HTML parts leave void
// elements open, which only parse when declared unpaired.
const xmlParser = new XMLParser(parserOptions);
const HTML_VOID_TAGS = ["br", "img", "hr", "meta", "link", "input", "col", "area", "base", "wbr"];
const htmlParser = new XMLParser({
  ...parserOptions,
  unpairedTags: [...HTML_VOID_TAGS, ...HTML_VOID_TAGS.map((t) => t.toUpperCase())],
});

/** Elements whose content is not text a reader wants: images, layout, metadata, scripts. */
const SKIPPED = new Set([
  "IMAGE",
  "IMG",
  "IMG-CAPTION",
  "COLGROUP",
  "COL",
  "FORMULA-VERSION",
  "SUMMARY",
  "HEAD",
  "SCRIPT",
  "STYLE",
]);
/** Elements that continue the current line; every other element starts a new one. */
const INLINE = new Set(["SPAN", "A", "B", "I", "U", "FONT", "STRONG", "EM", "SUB", "SUP", "SMALL", "BIG"]);
const TABLE_CELLS = new Set(["TD", "TH", "TE", "TU"]);
/** A cell of only dot or dash leaders, as tables of contents draw them (a lone "-" is a value: none). */
const LEADER_ONLY = /^[-‐–—.·…_\s]{3,}$/;

const TEXT_PART = /\.(xml|html?)$/i;

/** The plain text of a document.xml ZIP, parts in archive order. */
export function documentTextFromZip(
  zip: Uint8Array,
  maxChars: number = MAX_DOCUMENT_CHARS,
): { text: string; truncated: boolean } {
  const parts = unzipEntries(zip, (name) => TEXT_PART.test(name));
  return documentTextFromParts(
    parts.map(([, bytes]) => decodeDartText(bytes)),
    maxChars,
  );
}

/**
 * The plain text of document parts already decoded (DART's XML dialect or HTML), in order:
 * what documentTextFromZip produces for a ZIP of them. A stored raw `document.xml` main part
 * (the bundled corpus) is read through this.
 */
export function documentTextFromParts(
  parts: readonly string[],
  maxChars: number = MAX_DOCUMENT_CHARS,
): { text: string; truncated: boolean } {
  const out = new TextWriter(maxChars);
  let parsed = 0;
  for (const markup of parts) {
    if (out.full) break;
    let nodes: OrderedNode[];
    try {
      nodes = (isHtml(markup) ? htmlParser : xmlParser).parse(markup) as OrderedNode[];
    } catch {
      continue; // one unreadable attachment does not cost the rest of the filing
    }
    parsed += 1;
    writeNodes(nodes, out);
    out.paragraph();
  }
  if (parts.length > 0 && parsed === 0) {
    throw new DartError("malformed", "no part of the document ZIP could be parsed");
  }
  return out.result();
}

function isHtml(markup: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(markup.replace(/^\s*<\?xml[^>]*\?>/, ""));
}

function tagOf(node: OrderedNode): string {
  for (const key in node) if (key !== ":@") return key;
  return "";
}

function childrenOf(node: OrderedNode, tag: string): OrderedNode[] {
  const value = node[tag];
  return Array.isArray(value) ? value : [];
}

function writeNodes(nodes: OrderedNode[], out: TextWriter): void {
  for (const node of nodes) {
    if (out.full) return;
    const tag = tagOf(node);
    if (tag === "#text") {
      out.inline(String(node[tag]));
      continue;
    }
    const name = tag.toUpperCase();
    if (SKIPPED.has(name)) continue;
    if (INLINE.has(name)) {
      writeNodes(childrenOf(node, tag), out);
    } else if (name === "TABLE") {
      out.endLine();
      writeTable(childrenOf(node, tag), out);
    } else {
      out.endLine();
      writeNodes(childrenOf(node, tag), out);
      out.endLine();
    }
  }
}

/**
 * One line per table row: the first cell is the label, the rest its values, so a two-column
 * "사업연도 | 2022년" row reads `사업연도: 2022년` and a wider row `매출액: 100 | 90`.
 */
function writeTable(nodes: OrderedNode[], out: TextWriter): void {
  for (const row of tableRows(nodes)) {
    if (out.full) return;
    const cells = row.map(cellText).filter((c) => c !== "" && !LEADER_ONLY.test(c));
    if (cells.length === 0) continue;
    const [label, ...values] = cells;
    out.line(values.length === 0 ? label : `${label.replace(/\s*[:：]$/, "")}: ${values.join(" | ")}`);
  }
}

/** The cells of each row of a table (rows may sit under THEAD/TBODY/TFOOT). */
function tableRows(nodes: OrderedNode[]): OrderedNode[][] {
  const rows: OrderedNode[][] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    const name = tag.toUpperCase();
    if (name === "TR") rows.push(childrenOf(node, tag).filter((c) => TABLE_CELLS.has(tagOf(c).toUpperCase())));
    else if (tag !== "#text" && !SKIPPED.has(name)) rows.push(...tableRows(childrenOf(node, tag)));
  }
  return rows;
}

/** All the text of a cell on one line (paragraphs and nested tables flattened). */
function cellText(cell: OrderedNode): string {
  const parts: string[] = [];
  const collect = (nodes: OrderedNode[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === "#text") parts.push(String(node[tag]));
      else if (!SKIPPED.has(tag.toUpperCase())) collect(childrenOf(node, tag));
    }
  };
  collect(childrenOf(cell, tagOf(cell)));
  return collapse(parts.join(" "));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Accumulates lines, collapsing whitespace and blank runs, and stops at a character budget. */
class TextWriter {
  private readonly lines: string[] = [];
  private current = "";
  private length = 0;

  constructor(private readonly maxChars: number) {}

  /** More text arrived than fits: the result is cut at the budget. */
  get full(): boolean {
    return this.length > this.maxChars;
  }

  inline(text: string): void {
    this.current += text;
  }

  endLine(): void {
    const text = collapse(this.current);
    this.current = "";
    if (text) this.push(text);
  }

  line(text: string): void {
    this.endLine();
    this.push(text);
  }

  /** A blank line between parts. */
  paragraph(): void {
    this.endLine();
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] !== "") this.push("");
  }

  result(): { text: string; truncated: boolean } {
    this.endLine();
    const text = this.lines.join("\n").trim();
    return { text: text.slice(0, this.maxChars), truncated: this.full };
  }

  private push(text: string): void {
    this.lines.push(text);
    this.length += text.length + 1;
  }
}
