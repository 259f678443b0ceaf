"use client";
import type { Connector } from "wagmi";

/**
 * A wallet's icon: the one it announced through EIP-6963 (a data: URI, the only kind of image a
 * wallet may hand the page), else a plain wallet mark in the site's colours, never a blank.
 */
export function WalletIcon({ connector }: { connector: Pick<Connector, "icon" | "name"> }) {
  const icon = connector.icon?.trim();
  if (icon && /^data:image\//i.test(icon)) {
    // eslint-disable-next-line @next/next/no-img-element -- a data: URI announced by the wallet
    return <img src={icon} alt="" width={20} height={20} className="h-5 w-5 shrink-0 rounded" />;
  }
  return (
    <svg
      aria-hidden="true"
      data-testid="wallet-fallback-icon"
      viewBox="0 0 20 20"
      width={20}
      height={20}
      className="h-5 w-5 shrink-0 text-accent"
    >
      <rect x="2" y="5" width="16" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M5 5V4.5A1.5 1.5 0 0 1 6.8 3l7 1.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="14" cy="11" r="1.4" fill="currentColor" />
    </svg>
  );
}
