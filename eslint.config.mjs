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
];

export default config;
