import { filingStream, resumePoint } from "@/lib/alerts/stream";
import { getDb } from "@/lib/database";
import { apiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

/** Free: server-sent events of new filings with their free labels; Last-Event-ID resumes. */
export const GET = apiRoute({ cache: "none" }, async ({ request }) => {
  const after = resumePoint(request);
  const stream = await filingStream(await getDb(), { after, signal: request.signal });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
});

export { OPTIONS, POST, PUT, PATCH, DELETE } from "@/lib/http/api-methods";
