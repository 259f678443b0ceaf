"use client";
import { useEffect, useRef, useState } from "react";
import { useConnection } from "wagmi";
import { shortAddress } from "@/lib/wallet/format";
import { ConnectWallet } from "./connect-wallet";
import { WalletIsland } from "./wallet-island";
import { Button } from "@/components/ui/button";

/** The header's wallet control once wallet code is loaded: the address when connected, and a panel to connect, switch or disconnect. */
export default function HeaderWalletMenu({ initiallyOpen }: { initiallyOpen: boolean }) {
  return (
    <WalletIsland fallback={<PlainMenuButton />}>
      <Menu initiallyOpen={initiallyOpen} />
    </WalletIsland>
  );
}

function Menu({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const { status, address } = useConnection();
  const menu = useRef<HTMLDivElement>(null);

  // Closes on Escape (focus back on the button) and on a click or tap anywhere outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      menu.current?.querySelector<HTMLButtonElement>("button[aria-controls]")?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !menu.current?.contains(e.target)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="relative" ref={menu}>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls="wallet-panel"
        onClick={() => setOpen((o) => !o)}
        className="whitespace-nowrap"
        data-testid="header-wallet"
      >
        {status === "connected" && address ? (
          <span className="font-mono">{shortAddress(address)}</span>
        ) : (
          "Connect wallet"
        )}
      </Button>
      {open && (
        <div
          id="wallet-panel"
          role="region"
          aria-label="Wallet"
          className="absolute right-0 z-50 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-md border border-border bg-surface p-4 shadow-lg"
        >
          <ConnectWallet />
        </div>
      )}
    </div>
  );
}

function PlainMenuButton() {
  return (
    <Button variant="secondary" size="sm" disabled className="whitespace-nowrap" data-testid="header-wallet">
      Connect wallet
    </Button>
  );
}
