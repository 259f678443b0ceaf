import type { NextConfig } from "next";
import { FEED_QUERY_KEYS } from "./lib/page-security";

// Build-time guard: NEXT_PUBLIC_ variables are compiled into the browser bundle, so none may
// hold anything shaped like a private key (the development wallet's key only ever comes from a
// local-only route at run time; e2e/http/client-bundle.test.ts scans the build for the chain's keys).
for (const [name, value] of Object.entries(process.env)) {
  if (name.startsWith("NEXT_PUBLIC_") && value && /(?:^|[^0-9a-f])(?:0x)?[0-9a-f]{64}(?![0-9a-f])/i.test(value)) {
    throw new Error(`${name} looks like a private key; NEXT_PUBLIC_ variables are sent to every browser`);
  }
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Pages carry no ETag: Next.js would hash every page's whole HTML on every response (a sixth of
  // the server's time on the cached `/`) to save a revalidating browser a download. The JSON
  // API's own ETags (lib/api/ready.ts) are computed once per cached answer and stay.
  generateEtags: false,
  // Loaded from node_modules at run time: WASM (PGlite), native/optional modules (pg, ws), and
  // rate-limiter-flexible, whose drizzle store imports drizzle-orm by a computed name.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "@neondatabase/serverless",
    "ws",
    "hardhat",
    "solc",
    "pino",
    "rate-limiter-flexible",
  ],
  experimental: {
    // The cached default feed view lives in each server's memory, never in the build folder: a
    // restart (snapshot → live) or a second server started from the same build never serves
    // another process's render.
    isrFlushToDisk: false,
  },
  async rewrites() {
    return {
      beforeFiles: [
        // `/` with no filter is the busiest page: serve it from the cached default view.
        {
          source: "/",
          missing: FEED_QUERY_KEYS.map((key) => ({ type: "query" as const, key })),
          destination: "/feed/latest",
        },
      ],
      afterFiles: [
        { source: "/.well-known/x402", destination: "/well-known/x402" },
        { source: "/.well-known/x402.json", destination: "/well-known/x402" },
        { source: "/.well-known/agent.json", destination: "/well-known/agent" },
      ],
      fallback: [],
    };
  },
};

export default nextConfig;
