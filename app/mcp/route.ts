import { handleMcpRequest, mcpPreflight } from "@/lib/mcp";

export const dynamic = "force-dynamic";

/** MCP over Streamable HTTP, stateless (GET and DELETE answer 405, as the SDK does for stateless servers). */
export { handleMcpRequest as POST, handleMcpRequest as GET, handleMcpRequest as DELETE, mcpPreflight as OPTIONS };
