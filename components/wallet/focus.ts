"use client";
import { useEffect, useRef } from "react";

/**
 * Moves focus to the element when it appears: each new step of a purchase (the wallet choice,
 * the terms to sign, the result or what went wrong) takes focus, so keyboard and screen-reader
 * users land on it instead of on a button that no longer exists. The element needs
 * tabIndex={-1} unless it is focusable itself.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus({ preventScroll: false });
  }, [enabled]);
  return ref;
}
