import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Loaded from node_modules at run time: WASM (PGlite), native/optional modules (pg, ws).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@neondatabase/serverless", "ws", "hardhat", "solc"],
  async rewrites() {
    return [
      { source: "/.well-known/x402", destination: "/well-known/x402" },
      { source: "/.well-known/x402.json", destination: "/well-known/x402" },
      { source: "/.well-known/agent.json", destination: "/well-known/agent" },
    ];
  },
};

export default nextConfig;
