import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";

/**
 * A tool schema whose JSON Schema is computed once per process. The SDK memoises the conversion
 * per server instance, and a stateless endpoint builds an instance per request, so without this
 * every tools/call and tools/list converted the zod schemas again (most of a free call's CPU).
 * Validation is the zod schema's own.
 */
export function toolSchema<S extends StandardSchemaWithJSON>(schema: S): S {
  const standard = schema["~standard"];
  const converted = new Map<string, Record<string, unknown>>();
  const convert =
    (io: "input" | "output") =>
    (options: Parameters<typeof standard.jsonSchema.input>[0]): Record<string, unknown> => {
      const key = `${io} ${JSON.stringify(options)}`;
      let json = converted.get(key);
      if (!json) converted.set(key, (json = standard.jsonSchema[io](options)));
      return json;
    };
  return {
    "~standard": { ...standard, jsonSchema: { input: convert("input"), output: convert("output") } },
  } as unknown as S;
}
