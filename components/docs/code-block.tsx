import { cn } from "@/components/ui/cn";
import { CopyButton } from "./copy-button";

/** Preformatted code that scrolls inside its own box, never the page, with a button copying it. */
export function CodeBlock({ code, label, className }: { code: string; label?: string; className?: string }) {
  return (
    <figure className={cn("min-w-0", className)}>
      <div className="mb-1 flex items-end justify-between gap-2">
        {label ? <figcaption className="text-xs font-medium text-fg-muted">{label}</figcaption> : <span />}
        <CopyButton text={code} label={label ?? "code"} />
      </div>
      <pre
        tabIndex={0}
        className="max-h-96 max-w-full overflow-auto rounded-md border border-border bg-subtle p-3 font-mono text-xs leading-relaxed"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
