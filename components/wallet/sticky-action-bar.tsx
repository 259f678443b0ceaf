"use client";
import { useEffect, useState, type ReactNode, type RefObject } from "react";

/**
 * On a phone, the page's price and action pinned to the bottom of the screen while their place
 * on the page is scrolled out of view (it is then the same action, one tap away). Hidden from
 * the `lg` breakpoint, where the action sits beside the content.
 */
export function StickyActionBar({
  target,
  label,
  children,
}: {
  /** The page's own action: the bar shows while it is out of view. */
  target: RefObject<HTMLElement | null>;
  /** What the bar is, for assistive technology. */
  label: string;
  children: ReactNode;
}) {
  const [targetVisible, setTargetVisible] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setTargetVisible(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  if (targetVisible) return null;
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="sticky-action-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">{children}</div>
    </div>
  );
}
