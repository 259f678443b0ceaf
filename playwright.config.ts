/**
 * Browser tests (Playwright, Debian's Chromium) against the production build: `npm run build`
 * first, then `npm run test:browser`. The web server is started the way the README starts it
 * (`npm start`: embedded database, bundled snapshot, local payment stack) on a free port with a
 * fresh data folder. Specs are `e2e/browser/*.spec.ts` (the vitest HTTP suite is `e2e/http/*.test.ts`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./dev/support/chromium";

// The config is evaluated by the runner and again by every worker: choose the port and data
// folder once, in the runner, and hand them to the workers through the environment.
process.env.EXPLORER_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.EXPLORER_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "explorer-e2e-"));
// One browser from one address walks every page and types in every search box: that would spend
// a person's anti-abuse budget many times over. The limit itself is tested in e2e/http/headers.test.ts
// and tests/api/rate-limit.test.ts; the servers the specs start inherit this environment.
process.env.RATE_LIMIT_PER_MINUTE ??= "0";
const port = process.env.EXPLORER_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e/browser",
  testMatch: "*.spec.ts",
  outputDir: "test-results/artifacts",
  // Two cores shared by several people: one browser at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: "retain-on-failure",
  },
  webServer: {
    command: `npm start -- -H 127.0.0.1 -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: process.env.EXPLORER_DATA_DIR,
      PORT: port,
      PUBLIC_BASE_URL: baseURL,
      // The README's defaults: embedded database, bundled snapshot, local payment stack.
      DATABASE_URL: "",
      DART_API_KEY: "",
      FACILITATOR_URL: "",
      OPENAI_API_KEY: "",
      LOCAL_CHAIN_PORT: "0",
      RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
