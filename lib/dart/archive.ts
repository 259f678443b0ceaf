/** Reading the ZIP files DART serves (corpCode.xml, document.xml) and the text inside them. */
import { unzipSync } from "fflate";
import iconv from "iconv-lite";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // "PK\3\4"

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The files of a ZIP archive, in archive order, with their uncompressed bytes. */
export function unzipEntries(
  bytes: Uint8Array,
  keep: (name: string) => boolean = () => true,
): Array<[string, Uint8Array]> {
  return Object.entries(unzipSync(bytes, { filter: (file) => keep(file.name) }));
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Text of a DART file. Real files are often CP949 under an `encoding="utf-8"` declaration, so
 * the bytes decide, not the declaration: valid UTF-8 is read as UTF-8, anything else as CP949
 * (a superset of EUC-KR).
 */
export function decodeDartText(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return iconv.decode(bytes, "cp949");
  }
}
