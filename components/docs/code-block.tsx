import { cn } from "@/components/ui/cn";

/** Preformatted code that scrolls inside its own box, never the page. */
export function CodeBlock({ code, label, className }: { code: string; label?: string; className?: string }) {
  return (
    <figure className={cn("min-w-0", className)}>
      {label && <figcaption className="mb-1 text-xs font-medium text-fg-muted">{label}</figcaption>}
      <pre
        tabIndex={0}
        className="max-h-96 max-w-full overflow-auto rounded-md border border-border bg-subtle p-3 font-mono text-xs leading-relaxed"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
