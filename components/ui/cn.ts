import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names conditionally. Of two Tailwind classes that set the same thing (`px-4` and a
 * caller's `px-2`), the later wins: a primitive's caller overrides its look by passing classes.
 */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
