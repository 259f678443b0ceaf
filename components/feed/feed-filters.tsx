"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/input";
import { DEFAULT_FEED_FILTERS, feedQueryString, WINDOW_CHOICES, type FeedFilters } from "@/lib/explorer/filters";

const EventTypeChoices = dynamic(() => import("./event-type-choices").then((m) => m.EventTypeChoices), {
  ssr: false,
  loading: () => <p className="px-2 py-1 text-sm text-fg-muted">Loading event types…</p>,
});

const TEXT_DEBOUNCE_MS = 400;

/** The feed's filters. Their state is the URL: every change is a navigation, so Back restores it. */
export function FeedFilterBar({
  filters,
  typeLabels,
  markets,
}: {
  filters: FeedFilters;
  /** English labels of the view's selected event types, in `filters.types` order. */
  typeLabels: string[];
  markets: string[];
}) {
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [company, setCompany] = useState(filters.company);
  // The event-type checkboxes exist only while their menu is open: closed, the vocabulary would be
  // most of the feed's first HTML and data for a list nobody sees.
  const [typesOpen, setTypesOpen] = useState(false);

  // Follow the URL when it changes underneath (Back, a link): adjust during render, not in an effect.
  const [urlCompany, setUrlCompany] = useState(filters.company);
  if (urlCompany !== filters.company) {
    setUrlCompany(filters.company);
    setCompany(filters.company);
  }

  const apply = (next: Partial<FeedFilters>) =>
    startTransition(() => router.push(`/${feedQueryString({ ...filters, ...next })}`, { scroll: false }));

  useEffect(() => {
    if (company.trim() === filters.company) return;
    const timer = setTimeout(() => apply({ company: company.trim() }), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text schedules a navigation
  }, [company]);

  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const isDefault = feedQueryString(filters) === "";

  return (
    <form
      aria-label="Filter filings"
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        apply({ company: company.trim() });
      }}
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <div>
        <Label htmlFor={`${id}-min`}>Minimum importance</Label>
        <Select id={`${id}-min`} value={filters.min} onChange={(e) => apply({ min: Number(e.target.value) })}>
          {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? "Any (1+)" : `${n}+`}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-hours`}>Window</Label>
        <Select id={`${id}-hours`} value={filters.hours} onChange={(e) => apply({ hours: Number(e.target.value) })}>
          {!WINDOW_CHOICES.some((w) => w.hours === filters.hours) && (
            <option value={filters.hours}>{filters.hours} hours</option>
          )}
          {WINDOW_CHOICES.map((w) => (
            <option key={w.hours} value={w.hours}>
              {w.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-market`}>Market</Label>
        <Select
          id={`${id}-market`}
          value={filters.markets.length === 1 ? filters.markets[0] : filters.markets.length ? "__many" : ""}
          onChange={(e) => apply({ markets: e.target.value ? [e.target.value] : [] })}
        >
          <option value="">All markets</option>
          {filters.markets.length > 1 && <option value="__many">{filters.markets.join(", ")}</option>}
          {markets.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-company`}>Company</Label>
        <Input
          id={`${id}-company`}
          type="search"
          value={company}
          placeholder="Name or ticker"
          onChange={(e) => setCompany(e.target.value)}
        />
      </div>
      <fieldset className="col-span-2 sm:col-span-4 lg:col-span-1 lg:self-end">
        <details className="group relative" onToggle={(e) => setTypesOpen(e.currentTarget.open)}>
          <summary className="flex h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-border bg-bg px-3 text-sm">
            <span>Event types{filters.types.length ? ` (${filters.types.length})` : ": all"}</span>
            <span aria-hidden="true" className="text-fg-muted group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="absolute right-0 z-20 mt-1 max-h-80 w-[min(22rem,calc(100vw-2rem))] overflow-y-auto rounded-md border border-border bg-bg p-2 shadow-lg">
            <legend className="sr-only">Event types</legend>
            {typesOpen && (
              <EventTypeChoices selected={filters.types} onToggle={(t) => apply({ types: toggle(filters.types, t) })} />
            )}
          </div>
        </details>
      </fieldset>
      {!isDefault && (
        <p className="col-span-2 text-sm sm:col-span-4 lg:col-span-5">
          <Button variant="link" onClick={() => apply(DEFAULT_FEED_FILTERS)}>
            Clear all filters
          </Button>
          {filters.types.length > 0 && <span className="ml-2 text-fg-muted">Types: {typeLabels.join(", ")}</span>}
        </p>
      )}
    </form>
  );
}
