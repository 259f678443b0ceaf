/**
 * The built client never carries a private key: the development wallet gets its key from a
 * local-only route at run time, never from the build. Scans everything a browser can be sent
 * from the production build (`npm run build` first): .next/static and the prerendered pages
 * and RSC payloads, for every key of the local chain.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localChainTestKeys } from "@/dev/chain";

const NEXT_DIR = path.resolve(import.meta.dirname, "../../.next");
const SCANNED = [path.join(NEXT_DIR, "static"), path.join(NEXT_DIR, "server/app")];
const SENT_TO_BROWSERS = /\.(js|mjs|css|html|rsc|json|txt|map)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => SENT_TO_BROWSERS.test(file) && statSync(file).isFile());
}

describe("client bundle", () => {
  it("holds no private key of the local chain", () => {
    const files = SCANNED.flatMap(filesUnder).filter(
      (f) => !f.startsWith(path.join(NEXT_DIR, "server/app")) || /\.(html|rsc)$/.test(f),
    );
    expect(files.filter((f) => f.startsWith(path.join(NEXT_DIR, "static"))).length).toBeGreaterThan(0);
    const keys = localChainTestKeys().map((k) => k.slice(2).toLowerCase());
    const found = files.flatMap((file) => {
      const text = readFileSync(file, "utf8").toLowerCase();
      return keys.filter((k) => text.includes(k)).map((k) => `${path.relative(NEXT_DIR, file)}: 0x${k.slice(0, 6)}…`);
    });
    expect(found).toEqual([]);
  });
});
