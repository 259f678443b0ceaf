"use client";
import type { ReactNode } from "react";
import { useFocusOnMount } from "./focus";

const TONES = {
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  warning: "border-transparent bg-warn text-warn-fg",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
} as const;

/**
 * A message box for the payment states: a title a person can read at a glance, then detail.
 * `focus`: it is the outcome of what the reader just did, so it takes focus.
 */
export function Notice({
  tone,
  title,
  focus = false,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  focus?: boolean;
  children?: ReactNode;
}) {
  const ref = useFocusOnMount<HTMLDivElement>(focus);
  return (
    <div
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={`rounded-md border p-3 text-sm ${TONES[tone]}`}
    >
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1">{children}</div>}
    </div>
  );
}
