import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Loaded from node_modules at run time: WASM (PGlite), native/optional modules (pg, ws).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@neondatabase/serverless", "ws", "hardhat", "solc"],
  async rewrites() {
    return {
      beforeFiles: [
        // `/` with no filter is the busiest page: serve it from the cached default view.
        {
          source: "/",
          missing: ["min", "type", "market", "hours", "company"].map((key) => ({ type: "query" as const, key })),
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
