import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: `${root}$1` },
      // `server-only` throws outside React Server Components; tests run server code directly.
      { find: "server-only", replacement: `${root}tests/support/server-only.ts` },
    ],
  },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The suite calls route handlers in-process, as one client, at machine speed (20 MCP payers
    // at once, say): the per-second burst bucket would refuse it on a fast database. The bucket is
    // tested where it is set explicitly (tests/api/rate-limit.test.ts); the minute's budget stays on.
    env: { RATE_LIMIT_PER_SECOND: "0" },
    // @x402/next imports `next/server`, which plain Node cannot resolve; let vite transform it.
    server: { deps: { inline: ["@x402/next"] } },
  },
});
