/**
 * The Bazaar discovery extension, so x402 indexers can list the paid endpoints with their inputs
 * and outputs: the query parameters from the endpoint list, an example answer and the response schema
 * the handlers' output is validated against.
 *
 * Each challenge carries it without the response schema and with a compact example (a fact
 * sheet's first facts): the PAYMENT-REQUIRED header (and the client's PAYMENT-SIGNATURE, which
 * echoes it) would otherwise grow past 5 KB, near the 8 KB header limit of many proxies. The
 * whole declaration is published in /.well-known/x402.
 */
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { z } from "zod";
import { endpointParams, type PaidEndpointSpec } from "./endpoints";
import { sampleResponse } from "./samples";

export function discoveryExtension(
  endpoint: PaidEndpointSpec,
  { withResponseSchema = false } = {},
): Record<string, unknown> {
  const example = sampleResponse(endpoint.id, { compact: !withResponseSchema });
  const params = endpointParams(endpoint.endpoint);
  const output = withResponseSchema ? { example, schema: inlineJsonSchema(endpoint.response) } : { example };
  // `method` is left out of the declaration's type because the resource server fills it in on
  // challenges; the declaration published in /.well-known/x402 must carry it to be valid, and
  // declareDiscoveryExtension writes it into info and schema when given.
  if (endpoint.method === "POST") {
    // Bazaar describes a POST by its body: the alert pack needs none (its one query parameter has a default).
    return declareDiscoveryExtension(
      Object.assign(
        { method: "POST" },
        { bodyType: "json" as const, input: {}, inputSchema: { properties: {}, required: [] }, output },
      ),
    );
  }
  return declareDiscoveryExtension(
    Object.assign(
      { method: "GET" },
      {
        input: Object.fromEntries(params.map((p) => [p.name, p.example])),
        inputSchema: {
          properties: Object.fromEntries(params.map((p) => [p.name, { type: "string", description: p.description }])),
          required: params.filter((p) => p.required).map((p) => p.name),
        },
        output,
      },
    ),
  );
}

/**
 * JSON Schema with every nested schema inlined: Bazaar nests it inside its own schema, where
 * `$defs` references (zod makes them for schemas with an id) would no longer resolve, so an
 * empty metadata registry makes zod ignore the ids. `format` is left out because ajv, which
 * validates the declaration, warns about every format it does not know.
 */
function inlineJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json: Record<string, unknown> = z.toJSONSchema(schema, {
    io: "output",
    metadata: z.registry(),
    override: ({ jsonSchema }) => {
      delete jsonSchema.format;
    },
  });
  delete json.$schema;
  return json;
}
