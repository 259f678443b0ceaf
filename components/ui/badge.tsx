import type { HTMLAttributes } from "react";
import { cn } from "./cn";

type Tone = "neutral" | "accent" | "low" | "moderate" | "high" | "critical" | "new";

/**
 * A short label. `wrap` lets a long one break over lines instead of overflowing its column.
 * Its look is `.badge` and `.badge-<tone>` in app/globals.css: badges repeat on every feed row.
 */
export function Badge({
  tone = "neutral",
  wrap = false,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone; wrap?: boolean }) {
  return <span className={cn("badge", `badge-${tone}`, wrap && "badge-wrap", className)} {...props} />;
}
