"use client";

import { EVENT_TYPES } from "@/lib/classify/event-types";

/** Every event type by its English label: the vocabulary's order is by theme, a reader scans A–Z. */
const CHOICES = EVENT_TYPES.map((e) => ({ eventType: e.eventType, label: e.labelEn })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

/**
 * The event-type checkboxes of the feed's filter menu. Loaded when the menu first opens (its own
 * chunk, cached by the browser), so the feed's HTML and data never carry the whole vocabulary.
 */
export function EventTypeChoices({
  selected,
  onToggle,
}: {
  selected: string[];
  onToggle: (eventType: string) => void;
}) {
  return CHOICES.map((t) => (
    <label
      key={t.eventType}
      className="flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm hover:bg-subtle"
    >
      <input
        type="checkbox"
        className="mt-1"
        checked={selected.includes(t.eventType)}
        onChange={() => onToggle(t.eventType)}
      />
      <span>{t.label}</span>
    </label>
  ));
}
