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

export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium", TONES[tone], className)}
      {...props}
    />
  );
}
