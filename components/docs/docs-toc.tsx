import type { EndpointReference } from "@/lib/explorer";
import { endpointAnchor } from "./endpoint-section";

const SECTIONS = [
  { href: "#start", label: "Start" },
  { href: "#x402", label: "Paying with x402" },
  { href: "#mcp", label: "MCP for agents" },
  { href: "#facts", label: "Fact sheets" },
];

/** /docs' contents: its sections and every endpoint. The sidebar on a wide screen, folded under the heading on a phone. */
export function DocsToc({ endpoints, className }: { endpoints: EndpointReference[]; className?: string }) {
  return (
    <ul className={`space-y-1 text-sm ${className ?? ""}`}>
      {SECTIONS.map((s) => (
        <li key={s.href}>
          <a className="text-fg-muted hover:text-fg" href={s.href}>
            {s.label}
          </a>
        </li>
      ))}
      <li className="pt-2 text-xs font-medium text-fg-muted">Endpoints</li>
      {endpoints.map((e) => (
        <li key={e.path}>
          <a className="block truncate font-mono text-xs text-fg-muted hover:text-fg" href={`#${endpointAnchor(e)}`}>
            {e.path}
          </a>
        </li>
      ))}
    </ul>
  );
}
