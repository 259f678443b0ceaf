import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "link";
/** `sm` and `md` are boxes of their own; `inline` is text in a sentence or on a line of its own. */
type Size = "sm" | "md" | "inline";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-accent text-accent-fg hover:opacity-90",
  secondary: "border border-border bg-surface text-fg hover:bg-subtle",
  link: "text-accent underline",
};
const BOX = "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors";
const SIZES: Record<Size, string> = { sm: `${BOX} h-8 px-3`, md: `${BOX} h-10 px-4`, inline: "" };

export interface ButtonStyle {
  variant?: Variant;
  /** Default: `inline` for a link, `md` otherwise. */
  size?: Size;
  className?: string;
}

/** A button's classes: for Button, and for a link (`<Link className={buttonVariants(…)}>`) that looks like one. */
export function buttonVariants({
  variant = "primary",
  size = variant === "link" ? "inline" : "md",
  className,
}: ButtonStyle = {}): string {
  return cn(SIZES[size], VARIANTS[variant], "disabled:pointer-events-none disabled:opacity-50", className);
}

/**
 * Every button of the site. `type` defaults to "button" (not a form's submit). Focus shows the
 * site's ring (`:focus-visible` in app/globals.css).
 */
export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
