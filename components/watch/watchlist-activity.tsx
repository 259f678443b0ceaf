"use client";
import Link from "next/link";
import { useState } from "react";
import { useServiceClock } from "@/components/layout/service-clock";
import { Button } from "@/components/ui/button";
import { activityText } from "@/lib/explorer/clock-text";
import { displayCompanyName } from "@/lib/names/display";
import type {
  AlertsResponse,
  DeliveriesResponse,
  TestDeliveryResponse,
  WatchlistDto,
} from "@/lib/interface/watchlists";
import { ActionNotice } from "./action-notice";
import { useSignedAction } from "./signed-action";

/** A delivery attempt as the page lists it: one of the service's log, or a test sent from this page. */
interface Attempt {
  webhookId: string;
  /** The filing alerted; null for a test delivery. */
  rcptNo: string | null;
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const ALERTS_PAGE = 20;

/**
 * A watchlist's activity: its recent delivery attempts (GET /v1/watchlists/{id}/deliveries), a
 * signed test delivery to its endpoint (POST to the same path; the service answers with what the
 * receiver said, and it is listed here beside the log, which holds alerts only), and its alerts
 * feed (GET /v1/alerts?watchlist=…, followed with its cursor). Each is one signed request.
 */
export function WatchlistActivity({ watchlist }: { watchlist: WatchlistDto }) {
  const deliveries = useSignedAction();
  const [log, setLog] = useState<Attempt[]>();
  const [tests, setTests] = useState<Attempt[]>([]);
  const base = `/v1/watchlists/${watchlist.id}/deliveries`;

  const showLog = async () => {
    const result = await deliveries.run<DeliveriesResponse>(
      "the recent deliveries are listed",
      "The deliveries could not be listed",
      base,
    );
    if (result) setLog(result.answer.deliveries);
  };

  const sendTest = async () => {
    const sentAt = new Date().toISOString();
    const result = await deliveries.run<TestDeliveryResponse>(
      "a test delivery is sent to the endpoint",
      "The test delivery was not sent",
      base,
      { method: "POST" },
    );
    if (!result) return;
    const { webhookId, statusCode, error, durationMs, delivered } = result.answer;
    setTests((now) => [
      { webhookId, rcptNo: null, attempt: 1, attemptedAt: sentAt, statusCode, error, durationMs },
      ...now,
    ]);
    deliveries.setState({
      kind: "done",
      title: delivered ? `Test delivered: your endpoint answered ${statusCode}` : "The test delivery failed",
      message: delivered
        ? "It was signed with the watchlist's secret, as every alert is. Nothing was charged."
        : `${error ?? "No answer."} Nothing was charged; alerts keep filling the alerts feed.`,
    });
  };

  const attempts = [...tests, ...(log ?? [])].sort((a, b) => b.attemptedAt.localeCompare(a.attemptedAt));
  return (
    <div className="space-y-4 border-t border-border pt-3">
      <div className="space-y-2" data-testid="watchlist-deliveries">
        <h4 className="text-sm font-semibold">Deliveries</h4>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={deliveries.busy} onClick={() => void showLog()}>
            {log ? "Refresh deliveries" : "Show recent deliveries"}
          </Button>
          {watchlist.webhookUrl ? (
            <Button variant="secondary" size="sm" disabled={deliveries.busy} onClick={() => void sendTest()}>
              Send a test delivery
            </Button>
          ) : (
            <p className="self-center text-xs text-fg-muted">Add an endpoint to send a test delivery.</p>
          )}
        </div>
        <ActionNotice state={deliveries.state} />
        {(log || tests.length > 0) && <AttemptList attempts={attempts} logShown={Boolean(log)} />}
      </div>
      <AlertsFeed watchlist={watchlist} />
    </div>
  );
}

function AttemptList({ attempts, logShown }: { attempts: Attempt[]; logShown: boolean }) {
  const clock = useServiceClock();
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid="deliveries-empty">
        No delivery yet: alerts are sent when a new filing matches.
      </p>
    );
  }
  // A list, not a table: at 360 px four columns would scroll inside their box; each attempt wraps instead.
  return (
    <>
      <ol
        className="divide-y divide-border rounded-md border border-border bg-bg text-sm"
        aria-label="Delivery attempts, newest first"
        data-testid="deliveries"
      >
        {attempts.map((a) => (
          <li
            key={`${a.webhookId}-${a.attempt}-${a.attemptedAt}`}
            data-webhook-id={a.webhookId}
            className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2"
          >
            <time dateTime={a.attemptedAt} className="num text-fg-muted">
              {activityText(a.attemptedAt, clock)}
            </time>
            <span>
              {a.rcptNo ? (
                <>
                  Alert{" "}
                  <Link href={`/filings/${a.rcptNo}`} prefetch={false} className="num text-accent underline">
                    {a.rcptNo}
                  </Link>
                  {a.attempt > 1 && `, attempt ${a.attempt}`}
                </>
              ) : (
                "Test delivery"
              )}
            </span>
            <span data-testid="delivery-answer" className="min-w-0 break-words">
              {a.statusCode !== null && <span className="num font-semibold">{a.statusCode}</span>}
              {a.error === null ? (
                <span className="text-fg-muted"> delivered</span>
              ) : (
                <span className="text-fg-muted">
                  {a.statusCode !== null ? " — " : ""}
                  {a.error}
                </span>
              )}
            </span>
            <span className="num ml-auto text-fg-muted">{a.durationMs} ms</span>
          </li>
        ))}
      </ol>
      {!logShown && (
        <p className="text-xs text-fg-muted">
          Tests sent from this page are listed here; the service&apos;s log of alert deliveries is under “Show recent
          deliveries”.
        </p>
      )}
    </>
  );
}

type Alert = AlertsResponse["alerts"][number];

const ALERT_STATUS: Record<Alert["status"], string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  unsent: "Not pushed",
};

/** The watchlist's alerts feed, oldest first, followed with its cursor: the durable record. */
function AlertsFeed({ watchlist }: { watchlist: WatchlistDto }) {
  const clock = useServiceClock();
  const action = useSignedAction();
  const [alerts, setAlerts] = useState<Alert[]>();
  const [cursor, setCursor] = useState<string>();
  const [more, setMore] = useState(false);

  const load = async () => {
    const query = new URLSearchParams({ watchlist: watchlist.id, limit: String(ALERTS_PAGE) });
    if (cursor) query.set("cursor", cursor);
    const result = await action.run<AlertsResponse>(
      "the alerts are read",
      "The alerts could not be read",
      `/v1/alerts?${query}`,
    );
    if (!result) return;
    setAlerts((now) => [...(now ?? []), ...result.answer.alerts]);
    setCursor(result.answer.nextCursor);
    setMore(result.answer.alerts.length === ALERTS_PAGE);
  };

  return (
    <div className="space-y-2" data-testid="watchlist-alerts">
      <h4 className="text-sm font-semibold">Alerts feed</h4>
      <p className="text-xs text-fg-muted">
        Every filing that matched, in order, whether or not it was pushed: the record a client catches up from (
        <code className="break-all">GET /v1/alerts?watchlist={watchlist.id}</code>).
      </p>
      {alerts && alerts.length > 0 && (
        <ol className="space-y-2 text-sm" data-testid="alerts">
          {alerts.map((a) => (
            <li key={a.id} className="min-w-0 rounded-md border border-border bg-bg p-2">
              <p className="min-w-0">
                {a.filing ? (
                  <>
                    <Link href={`/filings/${a.rcptNo}`} prefetch={false} className="text-accent underline">
                      {a.filing.reportNmEn}
                    </Link>{" "}
                    <span className="text-fg-muted">
                      · {displayCompanyName(a.filing.corpNameEn)} <span className="num">{a.filing.ticker}</span>
                    </span>
                  </>
                ) : (
                  <span className="num">{a.rcptNo}</span>
                )}
              </p>
              <p className="text-xs text-fg-muted">
                Matched <time dateTime={a.matchedAt}>{activityText(a.matchedAt, clock)}</time> ·{" "}
                {ALERT_STATUS[a.status]}
                {a.attempts > 0 && ` after ${a.attempts} ${a.attempts === 1 ? "attempt" : "attempts"}`}
                {a.charged && " · 1 alert of credit spent"}
                {a.lastError && a.status !== "delivered" && ` · ${a.lastError}`}
              </p>
            </li>
          ))}
        </ol>
      )}
      {alerts && alerts.length === 0 && (
        <p className="text-sm text-fg-muted" data-testid="alerts-empty">
          No alert yet: the feed fills as new filings match.
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={action.busy} onClick={() => void load()}>
        {!alerts ? "Show alerts" : more ? "Show more alerts" : "Check for new alerts"}
      </Button>
      <ActionNotice state={action.state} />
    </div>
  );
}
