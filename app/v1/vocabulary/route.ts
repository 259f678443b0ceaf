import { apiRoute } from "@/lib/api/route";
import { vocabularyDocument } from "@/lib/classify";

export const GET = apiRoute({ cache: "document" }, async () => vocabularyDocument());
