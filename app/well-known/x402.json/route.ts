/** /.well-known/x402.json: the same document as /.well-known/x402. */
export const dynamic = "force-dynamic";

export { GET, OPTIONS, POST, PUT, PATCH, DELETE } from "../x402/route";
