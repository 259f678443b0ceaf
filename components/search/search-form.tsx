import { Button, Input, Label, Select } from "@/components/ui";
import { EVENT_TYPES, MARKETS } from "@/lib/classify";
import type { RawSearchParams } from "@/lib/explorer";

const EVENT_CHOICES = EVENT_TYPES.map((e) => ({ value: e.eventType, label: e.labelEn })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/**
 * The search form: a plain GET form whose fields are /v1/filings' parameters, so a search is a
 * URL (shareable, bookmarkable, the same query the API and the Atom feed answer). No script.
 */
export function SearchForm({ params, today }: { params: RawSearchParams; today?: string }) {
  // Native date pickers, whose value is always ISO (YYYY-MM-DD) whatever the browser shows;
  // `pattern` and `placeholder` serve a browser without one. Capped at the service clock's today.
  const dateProps = { type: "date", pattern: "\\d{4}-\\d{2}-\\d{2}", placeholder: "YYYY-MM-DD", max: today } as const;
  return (
    <form method="get" action="/filings" role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <Label htmlFor="search-q">Words</Label>
        <Input
          id="search-q"
          name="q"
          type="search"
          defaultValue={first(params.q)}
          placeholder="유상증자, convertible, Samsung…"
        />
      </div>
      <div>
        <Label htmlFor="search-ticker">Ticker</Label>
        <Input id="search-ticker" name="ticker" defaultValue={first(params.ticker)} placeholder="005930" />
      </div>
      <div>
        <Label htmlFor="search-market">Market</Label>
        <Select id="search-market" name="market" defaultValue={first(params.market)}>
          <option value="">Any</option>
          {MARKETS.map((m) => (
            <option key={m.market} value={m.market}>
              {m.market}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="search-from">From (KST day)</Label>
        <Input id="search-from" name="from" {...dateProps} defaultValue={first(params.from)} />
      </div>
      <div>
        <Label htmlFor="search-to">To (KST day)</Label>
        <Input id="search-to" name="to" {...dateProps} defaultValue={first(params.to)} />
      </div>
      <div>
        <Label htmlFor="search-type">Event type</Label>
        <Select id="search-type" name="eventType" defaultValue={first(params.eventType)}>
          <option value="">Any</option>
          {EVENT_CHOICES.map((e) => (
            <option key={e.value} value={e.value}>
              {e.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="search-importance">Importance at least</Label>
        <Select id="search-importance" name="minImportance" defaultValue={first(params.minImportance)}>
          <option value="">Any</option>
          {[3, 5, 7, 9].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-end sm:col-span-2 lg:col-span-4">
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
