import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/** End-to-end checks over HTTP against the production build (`npm run build` first); the browser specs are Playwright's. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["e2e/http/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 180_000 },
});
