import type { ExportFormat } from "@/lib/explorer/export";

/**
 * A view's feed and downloads, side by side: its Atom feed, and its rows' free data as CSV and
 * JSON (the same filters; never summaries). `base` is the export's path without the extension.
 * Styled by `.view-exports` (app/globals.css): `/` carries it in every response, so its markup is short.
 */
export function ViewExports({
  base,
  query = "",
  atom,
  atomLabel,
}: {
  base: string;
  query?: string;
  atom: string;
  atomLabel: string;
}) {
  const href = (format: ExportFormat) => `${base}.${format}${query}`;
  return (
    <p className="view-exports" data-testid="view-exports">
      <a href={atom}>{atomLabel}</a> · Download{" "}
      <a href={href("csv")} download aria-label="Download this view as CSV">
        CSV
      </a>{" "}
      ·{" "}
      <a href={href("json")} download aria-label="Download this view as JSON">
        JSON
      </a>
    </p>
  );
}
