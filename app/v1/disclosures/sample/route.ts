import { apiRoute } from "@/lib/http/api-route";
import sample from "@/lib/interface/sample.json";

/** A constant, real summary produced by the pipeline (`npm run sample:build`); never charged. */
export const GET = apiRoute({ cache: "document" }, async () => sample);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
