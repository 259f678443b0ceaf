import type { ComponentProps, LabelHTMLAttributes, SelectHTMLAttributes } from "react";
import { cn } from "./cn";

/** Form fields; their look is `.field` and `.field-label` in app/globals.css (one class each in the HTML). `ref` reaches the input. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn("field", className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn("field", "pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("field-label", className)} {...props} />;
}
