"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { CompanyDto } from "@/lib/interface/schemas";
import { cn } from "@/components/ui/cn";
import { displayCompanyName } from "@/lib/names/display";

const DEBOUNCE_MS = 200;
const MATCHES = 8;

/**
 * Type-ahead company search over the free directory (`/v1/companies`, ranked by the API: exact
 * matches first). A WAI-ARIA combobox: arrows move, Enter opens the company, Escape closes the
 * list (and clears the text when it is already closed). Without JavaScript it is a plain GET
 * form to /companies.
 */
export function CompanySearch({
  size = "md",
  defaultQuery = "",
  autoFocus = false,
  label = "Search companies by name or ticker",
}: {
  size?: "sm" | "md" | "lg";
  defaultQuery?: string;
  autoFocus?: boolean;
  /** The search landmark's and the box's name: unique on a page that has two (the header's and /companies'). */
  label?: string;
}) {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState(defaultQuery);
  const [matches, setMatches] = useState<CompanyDto[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "error" | "done">("idle");
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = setTimeout(async () => {
      abort.current?.abort();
      const controller = (abort.current = new AbortController());
      setStatus("loading");
      try {
        const res = await fetch(`/v1/companies?${new URLSearchParams({ q, limit: String(MATCHES) })}`, {
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { matches: CompanyDto[] };
        setMatches(body.matches);
        setActive(body.matches.length ? 0 : -1);
        setStatus("done");
      } catch (error) {
        if ((error as Error).name !== "AbortError") setStatus("error");
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const changeQuery = (value: string) => {
    setQuery(value);
    if (value.trim()) return;
    abort.current?.abort();
    setMatches([]);
    setStatus("idle");
  };

  const go = (company: CompanyDto) => {
    setOpen(false);
    router.push(`/companies/${company.ticker}`);
  };

  const expanded = open && query.trim() !== "" && status !== "idle";

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (matches.length ? (i + 1) % matches.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (matches.length ? (i - 1 + matches.length) % matches.length : -1));
    } else if (event.key === "Enter") {
      const chosen = matches[active];
      if (open && chosen) {
        event.preventDefault();
        go(chosen);
      }
    } else if (event.key === "Escape") {
      // A search field clears itself on Escape: only the second Escape should.
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else changeQuery("");
    }
  };

  const sizes = { sm: "h-9 text-sm", md: "h-10 text-sm", lg: "h-12 text-base" };

  return (
    <form
      action="/companies"
      method="get"
      role="search"
      aria-label={label}
      className="relative w-full"
      onSubmit={(e) => matches[active] && (e.preventDefault(), go(matches[active]))}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder={size === "sm" ? "Search companies" : "삼성전자, Samsung Electronics, 005930"}
        value={query}
        onChange={(e) => {
          changeQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className={cn(
          "w-full rounded-md border border-border bg-bg px-3 text-fg placeholder:text-fg-muted",
          sizes[size],
        )}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching companies"
        hidden={!expanded}
        className="absolute right-0 z-30 mt-1 max-h-96 w-full min-w-[min(24rem,calc(100vw-2rem))] overflow-y-auto rounded-md border border-border bg-bg py-1 shadow-lg"
      >
        {status === "loading" && matches.length === 0 && (
          <li className="px-3 py-2 text-sm text-fg-muted">Searching…</li>
        )}
        {status === "error" && (
          <li className="px-3 py-2 text-sm text-fg-muted">Search is unavailable right now. Try again.</li>
        )}
        {status === "done" && matches.length === 0 && (
          <li className="px-3 py-2 text-sm text-fg-muted">No listed company matches “{query.trim()}”.</li>
        )}
        {matches.map((m, i) => (
          <li
            key={m.ticker}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              go(m);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm",
              i === active && "bg-subtle",
            )}
          >
            <span className="min-w-0">
              {/* Whole names: a long one wraps rather than being cut off. */}
              <span className="block break-words font-medium">{displayCompanyName(m.nameEn)}</span>
              <span lang="ko" className="block truncate text-xs text-fg-muted">
                {m.nameKr}
              </span>
            </span>
            <span className="num shrink-0 text-xs text-fg-muted">
              {m.ticker} · {m.market}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );
}
