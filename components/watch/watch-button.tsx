"use client";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input, Label } from "@/components/ui/input";
import { OnDemandStatus, useOnDemand } from "@/components/wallet/on-demand";
import { titleWordsOf, TITLE_WORD_LIMITS, type WatchProposal } from "@/lib/explorer/watch-filters";
import type { WatchRequest } from "./watch-flow";

const loadWatchFlow = () => import("./watch-flow");

export interface AudienceChoice {
  tag: string;
  label: string;
}

/**
 * "Watch" on a company page, a feed view or a search: a dialog saying what the new watchlist
 * watches (the page's filters that carry over) and what of the view it cannot hold, with its name,
 * an optional webhook endpoint, audiences and title words. Creating it signs in with the wallet
 * (POST /v1/watchlists); the wallet code loads only then (./watch-flow.tsx).
 */
export function WatchButton({
  proposal,
  label,
  title,
  audiences,
}: {
  proposal: WatchProposal;
  /** The button's text: "Watch this company", "Watch this view". */
  label: string;
  /** The dialog's title. */
  title: string;
  audiences: AudienceChoice[];
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: closed by Escape or a click outside, the dialog keeps its
  // state (a secret shown once is still there when reopened); "Done" starts a new form.
  const [opened, setOpened] = useState(false);
  const [form, setForm] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className="whitespace-nowrap print:hidden"
        data-testid="watch-button"
      >
        <BellIcon />
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} className="max-h-[90dvh] overflow-y-auto">
        {/* Not in the page's HTML: the form is rendered once the reader opens it. */}
        {opened && (
          <WatchForm
            // A new view (the feed's filters changed in place) is a new form.
            key={`${form} ${proposal.name} ${JSON.stringify(proposal.filters)}`}
            proposal={proposal}
            audiences={audiences}
            onCancel={() => setOpen(false)}
            onDone={() => {
              setOpen(false);
              setForm((n) => n + 1);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function WatchForm({
  proposal,
  audiences,
  onCancel,
  onDone,
}: {
  proposal: WatchProposal;
  audiences: AudienceChoice[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(proposal.name);
  const [webhookUrl, setWebhookUrl] = useState("");
  const [chosenAudiences, setChosenAudiences] = useState<string[]>(proposal.filters.audiences);
  const [words, setWords] = useState(proposal.filters.titleWords.join(" "));
  const [request, setRequest] = useState<WatchRequest>();
  const flow = useOnDemand(loadWatchFlow);
  const titleWords = titleWordsOf(words);
  const tooManyWords = titleWords.length > TITLE_WORD_LIMITS.words;

  if (request) {
    return (
      <div className="space-y-3">
        {flow.Component ? (
          <flow.Component request={request} onDone={onDone} />
        ) : (
          <OnDemandStatus failed={flow.failed} onRetry={flow.load} />
        )}
      </div>
    );
  }
  return (
    <form
      className="space-y-4 text-sm"
      data-testid="watch-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (tooManyWords) return;
        setRequest({
          name: name.trim(),
          filters: { ...proposal.filters, audiences: chosenAudiences, titleWords },
          webhookUrl: webhookUrl.trim() || null,
        });
        flow.load();
      }}
    >
      <section aria-labelledby={`${id}-carried`} className="space-y-1">
        <h3 id={`${id}-carried`} className="font-semibold">
          What it watches
        </h3>
        <ul className="list-disc space-y-0.5 pl-5" data-testid="watch-carried">
          {proposal.carried.length ? (
            proposal.carried.map((line) => <li key={line}>{line}</li>)
          ) : (
            <li>Every filing of every listed company</li>
          )}
        </ul>
      </section>
      {proposal.dropped.length > 0 && (
        <section aria-labelledby={`${id}-dropped`} className="space-y-1">
          <h3 id={`${id}-dropped`} className="font-semibold">
            What this page shows that a watchlist cannot hold
          </h3>
          <ul className="list-disc space-y-0.5 pl-5 text-fg-muted" data-testid="watch-dropped">
            {proposal.dropped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <div>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-url`}>Webhook endpoint (optional)</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/dart"
          value={webhookUrl}
          onChange={(e) => setWebhookUrl(e.target.value)}
          aria-describedby={`${id}-url-help`}
        />
        <p id={`${id}-url-help`} className="mt-1 text-xs text-fg-muted">
          Each match is POSTed there, signed per Standard Webhooks. Empty: the matches fill the watchlist&apos;s alerts
          feed only. You can add or change it later on the watchlists page.
        </p>
      </div>
      <fieldset>
        <legend className="field-label">Only filings actionable for (optional, any of)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {audiences.map((a) => (
            <label key={a.tag} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosenAudiences.includes(a.tag)}
                onChange={(e) =>
                  setChosenAudiences((now) => (e.target.checked ? [...now, a.tag] : now.filter((t) => t !== a.tag)))
                }
              />
              {a.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Label htmlFor={`${id}-words`}>Title words (optional)</Label>
        <Input
          id={`${id}-words`}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          aria-describedby={`${id}-words-help`}
          aria-invalid={tooManyWords || undefined}
        />
        <p id={`${id}-words-help`} className="mt-1 text-xs text-fg-muted">
          {tooManyWords
            ? `At most ${TITLE_WORD_LIMITS.words} words.`
            : "Separated by spaces; every one must be in the Korean title or the English label."}
        </p>
      </div>
      <p className="text-xs text-fg-muted">
        Creating it asks your wallet for one signature: a sign-in, not a payment (no gas, nothing charged). The
        watchlist belongs to that wallet.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={tooManyWords}>
          Create watchlist
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M10 3a4.5 4.5 0 0 0-4.5 4.5v2.8L4 13h12l-1.5-2.7V7.5A4.5 4.5 0 0 0 10 3Z" strokeLinejoin="round" />
      <path d="M8.2 15.5a1.9 1.9 0 0 0 3.6 0" strokeLinecap="round" />
    </svg>
  );
}
