/**
 * The endpoint list is the one source of the published documents: it must name exactly the
 * API's routes (a route missing from it would be missing from every document), and its example
 * calls must be calls the routes accept.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { ENDPOINTS, exampleUrl } from "@/lib/interface";

const app = fileURLToPath(new URL("../../app", import.meta.url));

/** The paths the API's route handlers answer, with next.config's rewrites applied backwards. */
async function apiRoutePaths(): Promise<Set<string>> {
  const rewrites = await nextConfig.rewrites!();
  const aliases = (Array.isArray(rewrites) ? rewrites : rewrites.afterFiles) ?? [];
  const routes = (readdirSync(app, { recursive: true }) as string[])
    .filter((file) => file.endsWith("route.ts"))
    .map((file) => `/${file.replace(/\/?route\.ts$/, "").replaceAll(/\[(\w+)\]/g, "{$1}")}`)
    // The API: /v1 (but not its catch-all 404), the documents at the root and under /.well-known.
    .filter((path) => /^\/(v1\/(?!\[\.\.\.)|openapi\.json$|llms\.txt$|well-known\/)/.test(path));
  return new Set(routes.map((path) => aliases.find((a) => a.destination === path)?.source ?? path));
}

describe("the endpoint list", () => {
  it("names every API route, and only those", async () => {
    expect(new Set(ENDPOINTS.map((e) => e.path))).toEqual(await apiRoutePaths());
  });

  it("gives every endpoint an example call its parameters accept", () => {
    for (const endpoint of ENDPOINTS) {
      const url = new URL(exampleUrl("http://localhost", endpoint).replace(/\[&[^\]]*\]/g, ""));
      const query = Object.fromEntries(url.searchParams);
      expect(endpoint.query?.safeParse(query).success ?? Object.keys(query).length === 0, url.href).toBe(true);
      expect(url.pathname, "every path parameter has an example").not.toMatch(/[{}]/);
    }
  });
});
