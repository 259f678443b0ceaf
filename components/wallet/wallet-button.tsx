"use client";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { WAGMI_STORAGE_KEY, WALLET_READY_EVENT } from "@/lib/wallet";
import { Button } from "@/components/ui/button";

const HeaderWalletMenu = dynamic(() => import("./header-wallet-menu"), {
  ssr: false,
  loading: () => <PlainButton label="Connect wallet" />,
});

/** Where wagmi (./wagmi-setup.ts) keeps its connection state in this browser. */
const WAGMI_STORE_KEY = `${WAGMI_STORAGE_KEY}.store`;

/**
 * The header's wallet button. Until a reader clicks it (or starts a payment), no wallet code is
 * loaded; a reader who connected before gets the wallet code once the page is idle, so their
 * address shows.
 */
export function WalletButton() {
  const [loaded, setLoaded] = useState<{ open: boolean }>();

  // Wallet code loaded elsewhere on the page (a reveal): show the connection here too.
  useEffect(() => {
    const load = () => setLoaded((l) => l ?? { open: false });
    window.addEventListener(WALLET_READY_EVENT, load);
    return () => window.removeEventListener(WALLET_READY_EVENT, load);
  }, []);

  useEffect(() => {
    if (!wasConnected()) return;
    const load = () => setLoaded((l) => l ?? { open: false });
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1000);
    return () => clearTimeout(id);
  }, []);

  if (loaded) return <HeaderWalletMenu initiallyOpen={loaded.open} />;
  return <PlainButton label="Connect wallet" onClick={() => setLoaded({ open: true })} />;
}

function PlainButton({ label, onClick }: { label: string; onClick?: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} className="whitespace-nowrap" data-testid="header-wallet">
      {label}
    </Button>
  );
}

function wasConnected(): boolean {
  try {
    const stored = JSON.parse(window.localStorage.getItem(WAGMI_STORE_KEY) ?? "null") as {
      state?: { current?: string | null };
    } | null;
    return Boolean(stored?.state?.current);
  } catch {
    return false;
  }
}
