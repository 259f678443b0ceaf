/**
 * Classifies filing titles read one per line from stdin; writes one JSON object per line.
 *
 *   printf '주요사항보고서(유상증자결정)\n' | tsx scripts/classify.ts
 */
import { createInterface } from "node:readline";
import { classifyFiling } from "@/lib/classify";

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    process.stdout.write(`${JSON.stringify({ reportNm: line, ...classifyFiling({ reportNm: line }) })}\n`);
  }
}

await main();
