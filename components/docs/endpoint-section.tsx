import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { EndpointReference } from "@/lib/explorer";
import { CodeBlock } from "./code-block";

export function endpointAnchor(e: EndpointReference): string {
  return e.operationId.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** One endpoint of the OpenAPI document: parameters, answers, price, a call and a real answer. */
export function EndpointSection({ endpoint: e }: { endpoint: EndpointReference }) {
  const anchor = endpointAnchor(e);
  return (
    <section
      id={anchor}
      data-path={e.path}
      aria-labelledby={`${anchor}-heading`}
      className="scroll-mt-6 border-t border-border pt-6"
    >
      <h3 id={`${anchor}-heading`} className="flex flex-wrap items-center gap-2 font-mono text-base font-semibold">
        <span className="rounded bg-subtle px-1.5 py-0.5 text-xs">{e.method}</span>
        <span className="break-all">{e.path}</span>
        {e.price ? (
          <Badge tone="moderate">
            {e.price.usdc} USDC{e.price.mode === "perResult" ? " × limit" : ""}
          </Badge>
        ) : (
          <Badge>free</Badge>
        )}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{e.summary}</p>
      {e.parameters.length > 0 && (
        <div className="mt-3">
          <Table>
            <caption className="sr-only">Parameters of {e.path}</caption>
            <thead>
              <tr>
                <Th>Parameter</Th>
                <Th>In</Th>
                <Th>Description</Th>
              </tr>
            </thead>
            <tbody>
              {e.parameters.map((p) => (
                <tr key={`${p.in}:${p.name}`}>
                  <Td className="font-mono text-xs">
                    {p.name}
                    {p.required && <span className="text-imp-critical-fg"> *</span>}
                  </Td>
                  <Td className="text-xs text-fg-muted">{p.in}</Td>
                  <Td className="text-xs">
                    {p.description}
                    {p.defaultValue !== undefined && <span className="text-fg-muted"> Default {p.defaultValue}.</span>}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
          {e.parameters.some((p) => p.required) && <p className="mt-1 text-xs text-fg-muted">* required</p>}
        </div>
      )}
      <p className="mt-3 text-xs text-fg-muted">
        Answers: {e.responses.map((r) => `${r.status} ${r.description}`).join(" · ")}
      </p>
      <div className="mt-3 grid gap-3">
        <CodeBlock
          label="Call"
          code={`curl ${e.price ? "-i " : ""}${e.method === "POST" ? "-X POST " : ""}"${e.exampleUrl}"`}
        />
        {e.example && (
          <CodeBlock
            label={`Example answer${e.example.note ? `: ${e.example.note}` : ""}`}
            code={JSON.stringify(e.example.body, null, 2)}
          />
        )}
      </div>
    </section>
  );
}
