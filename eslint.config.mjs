import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".data/**",
      "node_modules/**",
      "dev/chain/cache/**",
      "dev/chain/artifacts/**",
      "next-env.d.ts",
      "db/migrations/**",
    ],
  },
  // CommonJS files (the local chain's Hardhat config and the recorder it loads) can only require().
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
];

export default config;
