import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/** End-to-end checks against the production build (`npm run build` first). */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["e2e/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 180_000 },
});
