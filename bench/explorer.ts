/**
 * The explorer on the production build (`npm run build` first), in headless Chromium:
 *
 * - first-load JavaScript of `/` and of a filing page (every script loaded until the network is
 *   idle, gzipped), and whether any wallet or payment code is in it (it should load only when a
 *   reader clicks Reveal or Connect: that part is measured by bench:paid);
 * - the HTML of `/`;
 * - Largest Contentful Paint of `/`, median of several cold loads (a fresh context each: no
 *   HTTP cache), from the browser's PerformanceObserver; the fonts are part of it;
 * - the first request of `/` after the server reports healthy (the start-up warm-up's goal);
 * - the weight of `/` (issue 37): font files and their KB (gzipped, as served), the requests made
 *   in the first 3 s of a cold load (link prefetch would add two a visible row), and how far down
 *   the first filing row starts at 1440×900 and at 360×740; the fonts once more as a device with
 *   no Korean font of its own loads them (Pretendard's slices).
 *
 * `/`'s throughput against the framework's floor is a row of bench:api.
 *
 *   npm run build && npm run bench:explorer [-- --quick] [--lcp-runs 7]
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { benchOptions, launchChromium, median, runBench, runLabel, scriptsLoaded, startService } from "./kit";

const { quick, sizes } = benchOptions({ "lcp-runs": [7, 2] });

/** LCP of a cold load, and the tag of the element that painted it. */
async function lcp(browser: Browser, url: string): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  const result = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
          const last = entries[entries.length - 1];
          resolve({ ms: last.startTime, element: last.element?.tagName.toLowerCase() ?? "?" });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await context.close();
  return result;
}

/** A cold load of `url`: fonts fetched, requests in the first 3 s, and the first filing row's top (px). */
async function weight(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  { noKoreanSystemFont = false } = {},
): Promise<{ fonts: number; fontKb: number; requests3s: number; firstRowPx: number }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // A device without a Korean font of its own: Korean falls through to the core and Pretendard's slices at once.
  if (noKoreanSystemFont)
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = ':root{--font-korean:"Korean Core","Pretendard" !important}';
        document.head.append(style);
      }),
    );
  const started = Date.now();
  let requests3s = 0;
  const fonts: Promise<number>[] = [];
  page.on("request", () => {
    if (Date.now() - started <= 3000) requests3s++;
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") fonts.push(response.body().then((b) => gzipSync(b).length));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - started)));
  const firstRowPx = await page.evaluate(() => document.querySelector(".filing")?.getBoundingClientRect().top ?? -1);
  const sizes = await Promise.all(fonts);
  await context.close();
  return { fonts: sizes.length, fontKb: sizes.reduce((a, b) => a + b, 0) / 1024, requests3s, firstRowPx };
}

runBench(async () => {
  const service = await startService();
  const browser = await launchChromium();
  try {
    const home = `${service.base}/`;
    const firstStarted = performance.now();
    await (await fetch(home)).arrayBuffer();
    const firstRequestMs = performance.now() - firstStarted;
    for (let i = 0; i < 2; i++) await fetch(home); // the default view rendered and cached
    const { filings } = (await (await fetch(`${service.base}/v1/disclosures/recent?limit=1`)).json()) as {
      filings: { rcptNo: string }[];
    };
    const filingPage = `${service.base}/filings/${filings[0].rcptNo}`;

    const firstLoad = async (url: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = await scriptsLoaded(page, () => page.goto(url, { waitUntil: "networkidle" }));
      await context.close();
      return scripts;
    };
    const js = { home: await firstLoad(home), filing: await firstLoad(filingPage) };
    const html = Buffer.from(await (await fetch(home)).arrayBuffer());
    const lcps: number[] = [];
    let element = "";
    for (let i = 0; i < sizes["lcp-runs"]; i++) {
      const r = await lcp(browser, home);
      lcps.push(r.ms);
      element = r.element;
    }

    const desktop = await weight(browser, home, { width: 1440, height: 900 });
    const phone = await weight(browser, home, { width: 360, height: 740 });
    const bare = await weight(browser, home, { width: 1440, height: 900 }, { noKoreanSystemFont: true });

    const jsRow = (s: (typeof js)["home"]) => ({
      value: `${s.gzipKb.toFixed(1)} KB`,
      goal: "≤ 160 KB",
      detail: `${s.count} scripts, ${s.rawKb.toFixed(0)} KB raw; wallet code in it: ${s.wallet ? "YES" : "no"}`,
    });
    console.log(`\nExplorer on the production build (snapshot); ${runLabel(quick)}`);
    console.table({
      "first-load JS of / (gzip)": jsRow(js.home),
      "first-load JS of /filings/[rcptNo] (gzip)": jsRow(js.filing),
      "HTML of /": {
        value: `${(html.length / 1024).toFixed(0)} KB`,
        goal: "",
        detail: `${(gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
      },
      "first request of / after start": {
        value: `${firstRequestMs.toFixed(0)} ms`,
        goal: "< 2000 ms",
        detail: "the first GET / once /api/health answers",
      },
      "fonts of / (gzip)": {
        value: `${desktop.fontKb.toFixed(1)} KB`,
        goal: "≤ 150 KB",
        detail:
          `${desktop.fonts} file(s) at 1440×900, ${phone.fonts} at 360×740 (Korean in the device's own font); ` +
          `with no Korean font on the device: ${bare.fonts} files, ${bare.fontKb.toFixed(1)} KB, ${bare.requests3s} requests in 3 s`,
      },
      "requests in the first 3 s of /": {
        value: `${desktop.requests3s}`,
        goal: "≤ 15",
        detail: `at 1440×900; ${phone.requests3s} at 360×740`,
      },
      "first filing row of / (top)": {
        value: `${desktop.firstRowPx.toFixed(0)} px`,
        goal: "≤ 300 px at 1440×900",
        detail: `${phone.firstRowPx.toFixed(0)} px at 360×740 (screen 740)`,
      },
      "LCP of / (median, cold cache)": {
        value: `${median(lcps).toFixed(0)} ms`,
        goal: "< 1000 ms",
        detail: `${lcps.length} loads: ${lcps.map((l) => l.toFixed(0)).join(", ")} ms; element <${element}>`,
      },
    });
  } finally {
    await browser.close();
    await service.stop();
  }
});
