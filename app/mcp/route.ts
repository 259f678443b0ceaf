import { perRequest } from "@/lib/http";
import { carriesPayment, handleMcpRequest, mcpPreflight } from "@/lib/mcp";

export const dynamic = "force-dynamic";

// A paid tool's call with its payment in `_meta` is counted as a payment, as a payment header is.
const mcp = perRequest(handleMcpRequest, { paid: carriesPayment });

/** MCP over Streamable HTTP, stateless (GET and DELETE answer 405, as the SDK does for stateless servers). */
export { mcp as POST, mcp as GET, mcp as DELETE };
export const OPTIONS = perRequest(mcpPreflight);
