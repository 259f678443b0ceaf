import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";

/** End-to-end checks against the production build (`npm run build` first). */
export default mergeConfig(
  base,
  defineConfig({ test: { include: ["e2e/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 180_000 } }),
);
