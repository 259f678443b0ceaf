import { apiRoute } from "@/lib/http/api-route";
import { vocabularyDocument } from "@/lib/classify";

/** A constant document: built (and serialised) once per process. */
const vocabulary = vocabularyDocument();

export const GET = apiRoute({ cache: "document" }, async () => vocabulary);

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
