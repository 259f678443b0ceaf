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
    // @x402/next imports `next/server`, which plain Node cannot resolve; let vite transform it.
    server: { deps: { inline: ["@x402/next"] } },
  },
});
