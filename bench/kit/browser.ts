/** Headless Chromium for the benchmarks, and what a page makes it download. */
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page, type Response } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../../dev/support/chromium";

export const launchChromium = (): Promise<Browser> => chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

export interface ScriptsLoaded {
  count: number;
  /** Gzipped (zlib's default level), as a server compresses them: what the browser receives. */
  gzipKb: number;
  rawKb: number;
  /** Whether any of them is wallet or payment code (wagmi's and @x402's own identifiers). */
  wallet: boolean;
}

/** Every script `page` loads until `done` resolves. */
export async function scriptsLoaded(page: Page, done: () => Promise<unknown>): Promise<ScriptsLoaded> {
  const bodies: Promise<{ raw: number; gzip: number; wallet: boolean }>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response.body().then((body) => ({
        raw: body.length,
        gzip: gzipSync(body).length,
        // Present in their code however it is minified.
        wallet: /eip6963:requestProvider|wagmi\.store|Payment creation aborted/.test(body.toString("utf8")),
      })),
    );
  };
  page.on("response", onResponse);
  await done();
  page.off("response", onResponse);
  const scripts = await Promise.all(bodies);
  const kb = (of: (s: (typeof scripts)[number]) => number) => scripts.reduce((sum, s) => sum + of(s), 0) / 1024;
  return {
    count: scripts.length,
    gzipKb: kb((s) => s.gzip),
    rawKb: kb((s) => s.raw),
    wallet: scripts.some((s) => s.wallet),
  };
}
