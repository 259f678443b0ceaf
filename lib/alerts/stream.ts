/**
 * GET /v1/stream (free): server-sent events of new filings as they are stored, each with its
 * free labels (the feed's RecentFilingDto) and the id of its filing event (db filing_events,
 * written in the filing's transaction). `Last-Event-ID` (or `?lastEventId=`) resumes after that
 * event — nothing stored between two connections is missed; without it the stream starts at
 * the newest event. A comment line every HEARTBEAT_MS keeps proxies from closing an idle stream;
 * a stream ends after MAX_STREAM_MS (the client reconnects with Last-Event-ID, told to wait
 * `retry` ms). Each connection counts against the client's rate limit like any request, and a
 * process holds at most MAX_STREAMS at once (503 beyond).
 */
import type { Db } from "@/db";
import { filingEventsAfter, getFilingView, lastFilingEventId } from "@/db/queries";
import { ApiError } from "@/lib/api/errors";
import { toRecentFilingDto } from "@/lib/disclosures";

export const HEARTBEAT_MS = 15_000;
export const STREAM_POLL_MS = 1_000;
export const MAX_STREAM_MS = 50_000;
export const MAX_STREAMS = 200;
const RETRY_MS = 1_000;
const BATCH = 100;

let open = 0;

export interface StreamOptions {
  /** Resume after this event id; undefined: from the newest. */
  after?: number;
  pollMs?: number;
  heartbeatMs?: number;
  maxMs?: number;
  signal?: AbortSignal;
}

/** The resume point of a request: Last-Event-ID, else ?lastEventId=; a 400 when it is not an event id. */
export function resumePoint(request: Request): number | undefined {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
  if (raw === null || raw.trim() === "") return undefined;
  if (!/^[0-9]{1,15}$/.test(raw.trim())) {
    throw ApiError.validation([{ field: "Last-Event-ID", message: "must be the id of an event this stream sent" }]);
  }
  return Number(raw.trim());
}

export async function filingStream(db: Db, options: StreamOptions): Promise<ReadableStream<Uint8Array>> {
  if (open >= MAX_STREAMS) {
    throw new ApiError("service_unavailable", "Too many open streams; try again shortly.", { retryAfter: 5 });
  }
  const pollMs = options.pollMs ?? STREAM_POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const maxMs = options.maxMs ?? MAX_STREAM_MS;
  let cursor = options.after ?? (await lastFilingEventId(db));
  const encoder = new TextEncoder();
  let closed = false;
  open++;
  const release = () => {
    if (!closed) open--;
    closed = true;
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const started = Date.now();
      let lastWrite = Date.now();
      const write = (text: string) => {
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      options.signal?.addEventListener("abort", release);
      write(`retry: ${RETRY_MS}\n: connected, after event ${cursor}\n\n`);
      try {
        while (!closed && Date.now() - started < maxMs) {
          const events = await filingEventsAfter(db, cursor, BATCH);
          for (const event of events) {
            const view = await getFilingView(db, event.rcptNo);
            if (view?.filing.ticker)
              write(`id: ${event.id}\nevent: filing\ndata: ${JSON.stringify(toRecentFilingDto(view))}\n\n`);
            cursor = event.id;
          }
          if (events.length === BATCH) continue;
          if (Date.now() - lastWrite >= heartbeatMs) write(`: heartbeat\n\n`);
          await new Promise((resolve) => setTimeout(resolve, pollMs));
        }
        if (!closed) controller.close();
      } catch (error) {
        if (!closed) controller.error(error);
      } finally {
        release();
      }
    },
    cancel() {
      release();
    },
  });
}
