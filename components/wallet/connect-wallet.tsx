"use client";
import { erc20Abi, UserRejectedRequestError } from "viem";
import {
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useReadContract,
  useSwitchChain,
  type Connector,
} from "wagmi";
import { formatUsdc, networkName, shortAddress } from "@/lib/wallet/format";
import { DEVELOPMENT_WALLET_ID } from "./wagmi-setup";
import { useServiceTerms } from "./wallet-island";
import { useFocusOnMount } from "./focus";
import { Notice } from "./notice";
import { WalletIcon } from "./wallet-icon";
import { Button } from "@/components/ui/button";

/** The connected wallet's balance of the service's token, on the service's chain. */
export function useTokenBalance() {
  const terms = useServiceTerms();
  const { address } = useConnection();
  return useReadContract({
    address: terms.asset,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    chainId: terms.chain.id,
    query: { enabled: Boolean(address) },
  });
}

/** Whether the connected wallet is on the service's chain (undefined when not connected). */
export function useOnServiceChain(): boolean | undefined {
  const terms = useServiceTerms();
  const { status, chainId } = useConnection();
  return status === "connected" ? chainId === terms.chain.id : undefined;
}

/**
 * Connect (a list of the wallets this browser has, by name and icon), or the connected wallet:
 * its shortened address, balance, network (with a one-click switch when wrong) and disconnect.
 */
export function ConnectWallet({ purpose }: { purpose?: string }) {
  const { status } = useConnection();
  if (status === "connected") return <ConnectedWallet />;
  // A wallet connected before (on another page, before a reload) is being reconnected: the choices
  // would show for a moment and vanish under the reader's click.
  if (status === "reconnecting") {
    return (
      <p role="status" className="text-sm text-fg-muted">
        Reconnecting your wallet…
      </p>
    );
  }
  return <WalletChoices purpose={purpose} />;
}

function WalletChoices({ purpose }: { purpose?: string }) {
  const terms = useServiceTerms();
  const connectors = useConnectors();
  const connect = useConnect();
  const announced = connectors.filter(
    (c) => c.type === "injected" && c.id !== "injected" && c.id !== DEVELOPMENT_WALLET_ID,
  );
  const plainInjected = connectors.find((c) => c.id === "injected");
  const hasWindowEthereum = typeof window !== "undefined" && "ethereum" in window;
  const shown = [
    ...announced,
    // A wallet that only sets window.ethereum (no EIP-6963 announcement).
    ...(announced.length === 0 && hasWindowEthereum && plainInjected ? [plainInjected] : []),
    ...connectors.filter((c) => c.type !== "injected"),
  ];
  const development = connectors.find((c) => c.id === DEVELOPMENT_WALLET_ID);
  const noBrowserWallet = announced.length === 0 && !hasWindowEthereum;
  const heading = useFocusOnMount<HTMLHeadingElement>();

  return (
    <div className="space-y-3">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold">
        Choose a wallet
      </h3>
      <p className="text-sm">
        {purpose ?? "Connect a wallet"} — it pays in USDC on {networkName(terms.network, Boolean(terms.local))}.
      </p>
      {noBrowserWallet && (
        <Notice tone="info" title="No browser wallet found">
          Install a wallet extension such as{" "}
          <a className="text-accent underline" href="https://www.coinbase.com/wallet" target="_blank" rel="noreferrer">
            Coinbase Wallet
          </a>{" "}
          or{" "}
          <a className="text-accent underline" href="https://metamask.io/download/" target="_blank" rel="noreferrer">
            MetaMask
          </a>{" "}
          and reload this page, or use Coinbase Wallet below (it opens in a pop-up).
          {development && " To try it here without installing anything, use the development wallet."}
        </Notice>
      )}
      <ul className="grid gap-2" aria-label="Wallets">
        {shown.map((connector) => (
          <li key={connector.uid}>
            <WalletChoice
              connector={connector}
              onChoose={() => connect.mutate({ connector })}
              busy={connect.isPending}
            />
          </li>
        ))}
        {development && (
          <li>
            <WalletChoice
              connector={development}
              onChoose={() => connect.mutate({ connector: development })}
              busy={connect.isPending}
            />
          </li>
        )}
      </ul>
      {development && (
        <p className="text-xs text-fg-muted">
          The development wallet exists only while this service runs its local test chain: it signs with one of that
          chain&apos;s funded test keys. It is never offered with real payments.
        </p>
      )}
      {connect.error && (
        <Notice tone="error" title={isRejection(connect.error) ? "Connection declined" : "Could not connect"}>
          {isRejection(connect.error)
            ? "You declined the request in your wallet. Choose a wallet to try again."
            : firstLine(connect.error)}
        </Notice>
      )}
    </div>
  );
}

function WalletChoice({ connector, onChoose, busy }: { connector: Connector; onChoose: () => void; busy: boolean }) {
  return (
    <Button variant="secondary" onClick={onChoose} disabled={busy} className="w-full justify-start text-left">
      <WalletIcon connector={connector} />
      <span>{connector.name}</span>
    </Button>
  );
}

function ConnectedWallet() {
  const terms = useServiceTerms();
  const { address, connector } = useConnection();
  const onChain = useOnServiceChain();
  const balance = useTokenBalance();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const network = networkName(terms.network, Boolean(terms.local));

  return (
    <div className="space-y-2 text-sm" data-testid="connected-wallet">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          <span className="text-fg-muted">Wallet</span>{" "}
          <span className="font-mono" title={address}>
            {address && shortAddress(address)}
          </span>
          {connector && <span className="text-fg-muted"> · {connector.name}</span>}
        </span>
        {onChain && (
          <span data-testid="wallet-balance">
            <span className="text-fg-muted">Balance</span>{" "}
            {balance.data === undefined ? "…" : `${formatUsdc(balance.data)} USDC`}{" "}
            <span className="text-fg-muted">on {network}</span>
          </span>
        )}
        <Button variant="link" onClick={() => disconnect.mutate({ connector })}>
          Disconnect
        </Button>
      </div>
      {onChain === false && (
        <Notice tone="warning" title="Wrong network">
          <p>Your wallet is on another network. Payments to this service are made on {network}.</p>
          <Button
            size="sm"
            className="mt-2"
            onClick={() => switchChain.mutate({ chainId: terms.chain.id })}
            disabled={switchChain.isPending}
          >
            {switchChain.isPending ? "Switching…" : `Switch to ${network}`}
          </Button>
          {switchChain.error && (
            <p className="mt-1">
              {isRejection(switchChain.error)
                ? "You declined the switch in your wallet."
                : firstLine(switchChain.error)}
            </p>
          )}
        </Notice>
      )}
    </div>
  );
}

/** A wallet's "user rejected" (EIP-1193 code 4001), however it is wrapped. */
export function isRejection(error: unknown): boolean {
  for (let e = error as { code?: number; name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UserRejectedRequestError.code || e.name === "UserRejectedRequestError") return true;
  }
  return false;
}

/** The first line of an error's message (viem's messages carry pages of details). */
export function firstLine(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? String(error)).split("\n")[0];
}
