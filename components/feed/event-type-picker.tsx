"use client";

import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState } from "react";
import type { FeedAnswer } from "@/lib/explorer/feed";
import { feedQueryString, type FeedFilters } from "@/lib/explorer/filters";

const EventTypeChoices = dynamic(() => import("./event-type-choices").then((m) => m.EventTypeChoices), {
  ssr: false,
  loading: () => <p className="px-2 py-1 text-sm text-fg-muted">Loading event types…</p>,
});

/**
 * The event-type filter: a button opening a panel of every event type with how many filings of
 * each the view's window holds (asked of /api/feed when first opened), and a search box. The
 * panel closes on Escape (focus back on the button) and on a click outside it.
 */
export function EventTypePicker({ filters, onChange }: { filters: FeedFilters; onChange: (types: string[]) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [counts, setCounts] = useState<ReadonlyMap<string, number> | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Counts of every type under the other filters: the view's own counts only hold its selected types.
  const countsQuery = feedQueryString({ ...filters, types: [], rows: 1 });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch(`/api/feed${countsQuery}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<FeedAnswer>) : Promise.reject(new Error(String(res.status)))))
      .then((answer) => setCounts(new Map(answer.counts.byEventType.map((c) => [c.eventType, c.count]))))
      .catch(() => controller.signal.aborted || setCounts(new Map()));
    return () => controller.abort();
  }, [open, countsQuery]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => box.current?.contains(e.target as Node) || setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation(); // inside the filter sheet, Escape closes the panel, not the sheet
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [open]);

  const toggle = (eventType: string) =>
    onChange(
      filters.types.includes(eventType) ? filters.types.filter((t) => t !== eventType) : [...filters.types, eventType],
    );

  return (
    <div ref={box} className="relative">
      <span className="field-label" aria-hidden="true">
        Event types
      </span>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className="field flex items-center justify-between gap-2 text-left"
      >
        <span>Event types{filters.types.length ? ` (${filters.types.length})` : ": all"}</span>
        <span aria-hidden="true" className={open ? "rotate-180 text-fg-muted" : "text-fg-muted"}>
          ▾
        </span>
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          role="group"
          aria-label="Event types"
          className="absolute right-0 z-30 mt-1 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-border bg-bg p-2 shadow-lg"
        >
          <EventTypeChoices selected={filters.types} counts={counts} onToggle={toggle} />
        </div>
      )}
    </div>
  );
}
