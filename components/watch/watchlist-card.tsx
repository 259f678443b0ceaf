"use client";
import Link from "next/link";
import { useId, useState } from "react";
import { useServiceClock } from "@/components/layout/service-clock";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { useFocusOnMount } from "@/components/wallet/focus";
import { activityText } from "@/lib/explorer/clock-text";
import { describeWatchFilters, type WatchVocabulary } from "@/lib/explorer/watch-filters";
import type { WatchlistDto } from "@/lib/interface/watchlists";
import { ActionNotice } from "./action-notice";
import { SecretOnce } from "./secret-once";
import { useSignedAction } from "./signed-action";
import { WatchlistActivity } from "./watchlist-activity";

type WithSecret = WatchlistDto & { secret?: string };

/**
 * One watchlist of the signed-in wallet: its filters, endpoint, whether deliveries are on (and
 * why not), its secret's first characters; change the endpoint, rotate the secret, enable it
 * again, delete it (after a confirmation); its recent deliveries, a test delivery and its alerts
 * feed (./watchlist-activity.tsx). Every action is one request signed in as the wallet.
 */
export function WatchlistCard({
  watchlist,
  vocabulary,
  onChanged,
  onDeleted,
}: {
  watchlist: WatchlistDto;
  vocabulary: WatchVocabulary;
  onChanged: (changed: WatchlistDto) => void;
  onDeleted: (id: string) => void;
}) {
  const id = useId();
  const clock = useServiceClock();
  const action = useSignedAction();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [secret, setSecret] = useState<string>();
  const base = `/v1/watchlists/${watchlist.id}`;
  const title = watchlist.name || watchlist.id;

  const patch = async (what: string, body: Record<string, unknown>, done: string) => {
    const result = await action.run<WithSecret>(what, "The watchlist was not changed", base, { method: "PATCH", body });
    if (!result) return false;
    const { secret: newSecret, ...changed } = result.answer;
    onChanged(changed);
    if (newSecret) setSecret(newSecret);
    else action.setState({ kind: "done", title: done });
    return true;
  };

  const remove = async () => {
    const result = await action.run<undefined>("the watchlist is deleted", "The watchlist was not deleted", base, {
      method: "DELETE",
    });
    if (result) onDeleted(watchlist.id);
  };

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="min-w-0 space-y-3 rounded-lg border border-border bg-surface p-4"
      data-testid="watchlist"
      data-watchlist-id={watchlist.id}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={`${id}-title`} className="min-w-0 break-words font-semibold">
          {title}
        </h3>
        <DeliveryState watchlist={watchlist} />
      </header>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="text-fg-muted">Watches</dt>
        <dd>
          <ul data-testid="watchlist-filters">
            {describeWatchFilters(watchlist, vocabulary).map((line) => (
              <li key={line}>{line.startsWith("Tickers: ") ? <Tickers tickers={watchlist.tickers} /> : line}</li>
            ))}
          </ul>
        </dd>
        <dt className="text-fg-muted">Endpoint</dt>
        <dd className="min-w-0">
          {watchlist.webhookUrl ? (
            <span className="break-all font-mono text-xs" data-testid="watchlist-endpoint">
              {watchlist.webhookUrl}
            </span>
          ) : (
            <span data-testid="watchlist-endpoint">None: alerts fill the alerts feed only</span>
          )}
        </dd>
        <dt className="text-fg-muted">Secret</dt>
        <dd>
          <span className="font-mono text-xs">{watchlist.secretHint}</span>
          <span className="text-fg-muted"> (its first characters)</span>
        </dd>
        <dt className="text-fg-muted">Created</dt>
        <dd>
          <time dateTime={watchlist.createdAt}>{activityText(watchlist.createdAt, clock)}</time>
        </dd>
        <dt className="text-fg-muted">Id</dt>
        <dd className="break-all font-mono text-xs">{watchlist.id}</dd>
      </dl>

      {editing ? (
        <EndpointForm
          current={watchlist.webhookUrl}
          busy={action.busy}
          onCancel={() => setEditing(false)}
          onSave={async (webhookUrl) => {
            if (await patch("the endpoint is changed", { webhookUrl }, "Endpoint saved")) setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={action.busy} onClick={() => setEditing(true)}>
            {watchlist.webhookUrl ? "Change endpoint" : "Add an endpoint"}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={action.busy}
            onClick={() => void patch("the secret is rotated", { rotateSecret: true }, "Secret rotated")}
          >
            Rotate secret
          </Button>
          {watchlist.disabled && (
            <Button
              size="sm"
              disabled={action.busy}
              onClick={() => void patch("deliveries are enabled again", { enabled: true }, "Deliveries enabled again")}
            >
              Enable deliveries
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={action.busy}
            onClick={() => setConfirmDelete(true)}
            aria-expanded={confirmDelete}
          >
            Delete…
          </Button>
        </div>
      )}
      {confirmDelete && (
        <ConfirmDelete
          title={title}
          busy={action.busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
      <ActionNotice state={action.state} />
      {secret && <SecretOnce secret={secret} rotated />}
      <WatchlistActivity watchlist={watchlist} />
    </article>
  );
}

/** Whether deliveries are on: with an endpoint and enabled, or stopped and why. */
function DeliveryState({ watchlist }: { watchlist: WatchlistDto }) {
  const clock = useServiceClock();
  if (watchlist.disabled) {
    return (
      <p className="text-sm" data-testid="watchlist-state">
        <span className="badge badge-critical">Disabled</span>{" "}
        <span className="text-fg-muted">
          since <time dateTime={watchlist.disabled.at}>{activityText(watchlist.disabled.at, clock)}</time>:{" "}
          {watchlist.disabled.reason || "no reason recorded"}
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm" data-testid="watchlist-state">
      {watchlist.webhookUrl ? (
        <span className="badge badge-low">Enabled</span>
      ) : (
        <span className="badge badge-neutral">Feed only</span>
      )}
    </p>
  );
}

function Tickers({ tickers }: { tickers: string[] }) {
  return (
    <>
      {tickers.length === 1 ? "Ticker" : "Tickers"}:{" "}
      {tickers.map((t, i) => (
        <span key={t}>
          {i > 0 && ", "}
          <Link href={`/companies/${t}`} prefetch={false} className="num text-accent underline">
            {t}
          </Link>
        </span>
      ))}
    </>
  );
}

function EndpointForm({
  current,
  busy,
  onSave,
  onCancel,
}: {
  current: string | null;
  busy: boolean;
  onSave: (webhookUrl: string | null) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(current ?? "");
  const input = useFocusOnMount<HTMLInputElement>();
  return (
    <form
      className="space-y-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(url.trim() || null);
      }}
    >
      <div>
        <Label htmlFor={`${id}-url`}>Webhook endpoint</Label>
        <Input
          ref={input}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/dart"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby={`${id}-help`}
        />
        <p id={`${id}-help`} className="mt-1 text-xs text-fg-muted">
          Empty removes the endpoint: alerts then fill the alerts feed only. A new endpoint starts deliveries again with
          a clean failure count.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Save endpoint
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ConfirmDelete({
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div role="group" aria-label="Confirm deletion" className="space-y-2 rounded-md bg-warn p-3 text-sm text-warn-fg">
      <p ref={heading} tabIndex={-1} className="font-semibold">
        Delete “{title}”?
      </p>
      <p>It stops at once, with its alerts feed and its delivery log. This cannot be undone.</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onConfirm} disabled={busy}>
          Delete watchlist
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Keep it
        </Button>
      </div>
    </div>
  );
}
