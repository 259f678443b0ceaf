import { perRequest } from "@/lib/http";
import { handleMcpRequest, mcpPreflight } from "@/lib/mcp";

export const dynamic = "force-dynamic";

const mcp = perRequest(handleMcpRequest);

/** MCP over Streamable HTTP, stateless (GET and DELETE answer 405, as the SDK does for stateless servers). */
export { mcp as POST, mcp as GET, mcp as DELETE };
export const OPTIONS = perRequest(mcpPreflight);
