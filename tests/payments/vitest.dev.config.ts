// TEMPORARY (development only): the root config plus inlining @x402/next. Remove once the
// root vitest.config.ts inlines it.
import { fileURLToPath } from "node:url";
import { mergeConfig } from "vitest/config";
import base from "../../vitest.config";

export default mergeConfig(base, {
  root: fileURLToPath(new URL("../../", import.meta.url)),
  test: { server: { deps: { inline: ["@x402/next"] } } },
});
