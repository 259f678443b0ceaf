"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input, Label, Select } from "@/components/ui/input";
import {
  ALL_DAYS_WINDOW,
  DEFAULT_FEED_FILTERS,
  feedQueryString,
  WINDOW_CHOICES,
  windowLabel,
  type FeedFilters,
} from "@/lib/explorer/filters";
import { EventTypePicker } from "./event-type-picker";

const TEXT_DEBOUNCE_MS = 400;

/** How many filters differ from the default view (the phone's "Filters (2)" button). */
function activeFilterCount(f: FeedFilters): number {
  const d = DEFAULT_FEED_FILTERS;
  return [
    f.min !== d.min,
    f.types.length > 0,
    f.markets.length > 0,
    f.hours !== d.hours,
    f.company !== "",
    f.summary,
  ].filter(Boolean).length;
}

/**
 * The feed's filters. Their state is the URL: every change is a navigation, so Back restores it.
 * From md up they sit above the list; on a phone a "Filters" button opens them in a sheet, so
 * the first filings are in the first screenful.
 */
export function FeedFilterBar({
  filters,
  typeLabels,
  markets,
  snapshot,
}: {
  filters: FeedFilters;
  /** English labels of the view's selected event types, in `filters.types` order. */
  typeLabels: string[];
  markets: string[];
  /** An offline snapshot: its every day is a window too. */
  snapshot: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [company, setCompany] = useState(filters.company);

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

  const active = activeFilterCount(filters);
  const fields = { filters, typeLabels, markets, snapshot, company, setCompany, apply, pending };

  return (
    <>
      <div className="flex items-center gap-3 md:hidden">
        <Button variant="secondary" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          Filters{active ? ` (${active})` : ""}
        </Button>
        {active > 0 && (
          <Button variant="link" onClick={() => apply(DEFAULT_FEED_FILTERS)}>
            Clear all
          </Button>
        )}
      </div>
      <div className="hidden rounded-lg border border-border bg-surface px-3 py-2.5 md:block">
        <FilterFields {...fields} />
      </div>
      <Dialog
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Filters"
        // A bottom sheet on a phone.
        className="max-h-[85dvh] overflow-y-auto max-sm:mx-0 max-sm:mt-auto max-sm:mb-0 max-sm:w-full max-sm:max-w-full max-sm:rounded-b-none"
      >
        {sheetOpen && <FilterFields {...fields} />}
        <Button className="mt-4 w-full" onClick={() => setSheetOpen(false)}>
          Done
        </Button>
      </Dialog>
    </>
  );
}

function FilterFields({
  filters,
  typeLabels,
  markets,
  company,
  setCompany,
  apply,
  pending,
  snapshot,
}: {
  filters: FeedFilters;
  typeLabels: string[];
  markets: string[];
  snapshot: boolean;
  company: string;
  setCompany: (value: string) => void;
  apply: (next: Partial<FeedFilters>) => void;
  pending: boolean;
}) {
  const id = useId();
  const windows: readonly { hours: FeedFilters["hours"]; label: string }[] = snapshot
    ? [...WINDOW_CHOICES, ALL_DAYS_WINDOW]
    : WINDOW_CHOICES;
  const isDefault = feedQueryString(filters) === "";
  return (
    <form
      aria-label="Filter filings"
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        apply({ company: company.trim() });
      }}
      // One row of fields on a wide screen, the summary checkbox the last of them, so the first
      // filing row is within the first 300 px at 1440×900 (issue 37).
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3 md:gap-x-3 md:gap-y-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.2fr)_minmax(0,1.3fr)]"
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
        <Select
          id={`${id}-hours`}
          value={filters.hours}
          onChange={(e) => apply({ hours: e.target.value === "all" ? "all" : Number(e.target.value) })}
        >
          {!windows.some((w) => w.hours === filters.hours) && (
            <option value={filters.hours}>{windowLabel(filters.hours)}</option>
          )}
          {windows.map((w) => (
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
      <EventTypePicker filters={filters} onChange={(types) => apply({ types })} />
      <div className="flex items-center text-sm sm:col-span-2 md:col-span-1 md:self-end lg:leading-tight">
        <label className="inline-flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={filters.summary} onChange={(e) => apply({ summary: e.target.checked })} />
          Only filings with an English summary to buy
        </label>
      </div>
      {(!isDefault || filters.types.length > 0) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm sm:col-span-2 md:col-span-3 lg:col-span-6">
          {!isDefault && (
            <Button variant="link" onClick={() => apply(DEFAULT_FEED_FILTERS)}>
              Clear all filters
            </Button>
          )}
          {filters.types.length > 0 && <span className="text-fg-muted">Types: {typeLabels.join(", ")}</span>}
        </div>
      )}
    </form>
  );
}
