"use client";

import { useId, useState } from "react";
import { EVENT_TYPES } from "@/lib/classify/event-types";
import { Input } from "@/components/ui/input";
import { orderByCount } from "@/lib/explorer/format";

const CHOICES = EVENT_TYPES.map((e) => ({ eventType: e.eventType, label: e.labelEn }));

/**
 * The event-type checkboxes of the feed's filter panel, with a search box: types with filings in
 * the window first (most first, with their counts), then the rest A–Z. Loaded when the panel
 * first opens (its own chunk), so the feed's HTML and data never carry the whole vocabulary.
 */
export function EventTypeChoices({
  selected,
  counts,
  onToggle,
}: {
  selected: string[];
  /** Filings of each type in the window; null while being asked. */
  counts: ReadonlyMap<string, number> | null;
  onToggle: (eventType: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = orderByCount(CHOICES, counts ?? new Map()).filter(
    (c) => selected.includes(c.eventType) || words.every((w) => c.label.toLowerCase().includes(w)),
  );
  return (
    <>
      <label htmlFor={`${id}-q`} className="sr-only">
        Search event types
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        autoFocus
        placeholder="Search event types"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p aria-live="polite" className="sr-only">
        {shown.length} event types
      </p>
      <ul className="mt-2 max-h-72 overflow-y-auto">
        {shown.map((t) => {
          const n = counts?.get(t.eventType) ?? 0;
          return (
            <li key={t.eventType}>
              <label className="flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm hover:bg-subtle">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={selected.includes(t.eventType)}
                  onChange={() => onToggle(t.eventType)}
                />
                <span className={n || counts === null ? "flex-1" : "flex-1 text-fg-muted"}>{t.label}</span>
                {counts !== null && <span className="num text-xs text-fg-muted">{n}</span>}
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-2 py-1 text-sm text-fg-muted">No event type matches.</li>}
      </ul>
    </>
  );
}
