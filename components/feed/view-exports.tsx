import type { ExportFormat } from "@/lib/explorer/export";

/**
 * A view's feed and downloads, side by side: its Atom feed, and its rows' free data as CSV and
 * JSON (the same filters; never summaries). `base` is the export's path without the extension.
 */
export function ViewExports({
  base,
  query = "",
  atom,
  atomLabel,
  className,
}: {
  base: string;
  query?: string;
  atom: string;
  atomLabel: string;
  className?: string;
}) {
  const href = (format: ExportFormat) => `${base}.${format}${query}`;
  return (
    <p className={["text-sm", className].filter(Boolean).join(" ")} data-testid="view-exports">
      <a href={atom} className="text-accent underline">
        {atomLabel}
      </a>
      <span className="text-fg-muted"> · Download </span>
      <a href={href("csv")} download className="text-accent underline" aria-label="Download this view as CSV">
        CSV
      </a>
      <span className="text-fg-muted"> · </span>
      <a href={href("json")} download className="text-accent underline" aria-label="Download this view as JSON">
        JSON
      </a>
    </p>
  );
}
