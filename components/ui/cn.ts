import { clsx, type ClassValue } from "clsx";

/** Joins class names conditionally. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
