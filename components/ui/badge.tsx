import type { HTMLAttributes } from "react";
import { cn } from "./cn";

type Tone = "neutral" | "accent" | "low" | "moderate" | "high" | "critical" | "new";

const TONES: Record<Tone, string> = {
  neutral: "border border-border bg-surface text-fg-muted",
  accent: "bg-accent text-accent-fg",
  low: "bg-imp-low text-imp-low-fg",
  moderate: "bg-imp-moderate text-imp-moderate-fg",
  high: "bg-imp-high text-imp-high-fg",
  critical: "bg-imp-critical text-imp-critical-fg",
  new: "bg-new text-fg border border-border",
};

/** A short label. `wrap` lets a long one break over lines instead of overflowing its column. */
export function Badge({
  tone = "neutral",
  wrap = false,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone; wrap?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium",
        wrap ? "whitespace-normal" : "whitespace-nowrap",
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
