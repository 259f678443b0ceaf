import { AsyncLocalStorage } from "node:async_hooks";

/** The HTTP request an MCP message came in, for a tool that needs its client (the rate limit's key). */
const context = new AsyncLocalStorage<{ headers: Headers }>();

export const withRequest = <T>(request: Request, run: () => T): T => context.run({ headers: request.headers }, run);

/** The headers of the request being answered; undefined outside one (a server called directly). */
export const requestHeaders = (): Headers | undefined => context.getStore()?.headers;
