import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".data/**", "node_modules/**", "chain/cache/**", "chain/artifacts/**", "next-env.d.ts", "db/migrations/**"] },
];
