/**
 * `npm run bench:reveal` (after `npm run build`): pay to reveal in headless Chromium against
 * the production build with the local payment stack, the injected EIP-6963 test wallet already
 * connected, and the summary cached (as every reader after the first finds it). Prints:
 *
 * - click "Reveal" → summary on screen (wallet code loaded on demand, terms, 402, signature,
 *   paid request, settlement on the local chain), with "Sign and pay" clicked as soon as it shows;
 * - the same from clicking "Sign and pay" (the payment round trip alone);
 * - first-load JavaScript (gzipped) of `/` and of a filing page, whether any wallet code is in
 *   it, and what the click on Reveal loads.
 *
 *   npm run bench:reveal -- [--runs 20]
 */
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "../dev/support/chromium";
import { injectWallet } from "../dev/support/injected-wallet";
import { startPayStack } from "../dev/support/pay-stack";
import { percentile } from "./support/stats";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const RUNS = Number(args.runs);
const KEPT_SUMMARIES_KEY = "dart-en.kept-summaries.v1";

function describe(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return `${label}: p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, min ${s[0].toFixed(0)}, max ${s.at(-1)!.toFixed(0)} (n=${s.length})`;
}

/** Gzipped bytes of every script the page loads until `done` resolves, and whether one is wallet code. */
async function scriptsLoaded(page: Page, done: () => Promise<unknown>) {
  const bodies: Promise<{ url: string; gz: number; wallet: boolean }>[] = [];
  const onResponse = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response.body().then((body) => ({
        url: response.url(),
        gz: gzipSync(body).length,
        // wagmi's and @x402's own identifiers, present in their code however it is minified.
        wallet: /eip6963:requestProvider|wagmi\.store|Payment creation aborted/.test(body.toString("utf8")),
      })),
    );
  };
  page.on("response", onResponse);
  await done();
  page.off("response", onResponse);
  const scripts = await Promise.all(bodies);
  return { kb: scripts.reduce((sum, s) => sum + s.gz, 0) / 1024, count: scripts.length, wallet: scripts.some((s) => s.wallet) };
}

async function main(): Promise<void> {
  console.log("starting the production server with the local payment stack…");
  const stack = await startPayStack();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS });
  try {
    const firstVisit = await browser.newPage();
    const filingUrl = `${stack.baseURL}/filings/${stack.filings.rcptNo}`;

    const home = await scriptsLoaded(firstVisit, () => firstVisit.goto(stack.baseURL, { waitUntil: "networkidle" }));
    const filing = await scriptsLoaded(firstVisit, () => firstVisit.goto(filingUrl, { waitUntil: "networkidle" }));

    const page = await browser.newPage(); // a reader with a wallet installed
    await injectWallet(page, { privateKey: stack.chain.payerPrivateKeys[0], rpcUrl: stack.chain.rpcUrl, serviceChainId: stack.chain.chainId });
    await page.goto(filingUrl, { waitUntil: "networkidle" });
    // Connect once (a returning reader's wallet reconnects by itself afterwards) and pay once, warming the route.
    const onDemand = await scriptsLoaded(page, async () => {
      await page.getByRole("button", { name: /Reveal English summary/ }).click();
      await page.getByRole("button", { name: "Test Wallet" }).click();
      await page.getByRole("button", { name: /Sign and pay/ }).click();
      await page.getByTestId("revealed-summary").waitFor();
    });

    const total: number[] = [];
    const afterSign: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate((key) => localStorage.removeItem(key), KEPT_SUMMARIES_KEY);
      await page.goto(filingUrl); // not networkidle: a connected wallet keeps reading the chain
      await page.getByRole("button", { name: /Reveal English summary/ }).waitFor();
      const timing = await page.evaluate(
        () =>
          new Promise<{ total: number; afterSign: number }>((resolve, reject) => {
            const reveal = [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Reveal English summary"));
            if (!reveal) return reject(new Error("no Reveal button"));
            const start = performance.now();
            let signedAt = 0;
            const tick = () => {
              if (document.querySelector('[data-testid="revealed-summary"]')) {
                return resolve({ total: performance.now() - start, afterSign: performance.now() - signedAt });
              }
              const pay = !signedAt && [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Sign and pay"));
              if (pay && !pay.disabled) {
                signedAt = performance.now();
                pay.click();
              }
              if (performance.now() - start > 60_000) return reject(new Error("no summary within 60 s"));
              requestAnimationFrame(tick);
            };
            reveal.click();
            requestAnimationFrame(tick);
          }),
      );
      total.push(timing.total);
      afterSign.push(timing.afterSign);
    }

    console.log(`\nReveal with the injected wallet, cached summary, local payment stack (${RUNS} runs):`);
    console.log(`  ${describe("click Reveal → summary on screen", total)}`);
    console.log(`  ${describe("click Sign and pay → summary on screen", afterSign)}`);
    console.log("\nJavaScript (gzipped, as the browser receives it):");
    console.log(`  / first load: ${home.kb.toFixed(1)} KB in ${home.count} scripts; wallet code in it: ${home.wallet ? "YES" : "no"}`);
    console.log(`  /filings/[rcptNo] first load: ${filing.kb.toFixed(1)} KB in ${filing.count} scripts; wallet code in it: ${filing.wallet ? "YES" : "no"}`);
    console.log(`  loaded on demand by Reveal (wallets, x402 client): ${onDemand.kb.toFixed(1)} KB in ${onDemand.count} scripts`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
