"use client";
import { QueryClient } from "@tanstack/react-query";
import { createConfig, createStorage, http, injected, type Config, type CreateConnectorFn } from "wagmi";
import { coinbaseWallet } from "wagmi/connectors/coinbaseWallet";
import { walletConnect } from "wagmi/connectors/walletConnect";
import { WAGMI_STORAGE_KEY } from "@/lib/wallet";
import type { ServiceTerms } from "@/lib/wallet/terms";
import { developmentWalletProvider } from "./development-wallet-provider";

/**
 * One wagmi config and one QueryClient per page, shared by every wallet island (the header
 * button, a reveal, a purchase), so they all see the same connection. Built from the
 * service's own terms: its chain (Base, Base Sepolia, or the local chain) and, with the
 * local payment stack, the development wallet.
 *
 * Wallets: everything announced through EIP-6963 (wagmi discovers them; several at once,
 * with names and icons), a plain injected `window.ethereum` for older wallets, Coinbase
 * Wallet, and WalletConnect when NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID is set at build time.
 * Their SDKs are imported by the connectors only when chosen (see onlyOnceChosen).
 */
export const DEVELOPMENT_WALLET_ID = "developmentWallet";
const WALLETCONNECT_PROJECT_ID = process.env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID;
const APP_NAME = "DART in English";

let setup: { key: string; config: Config; queryClient: QueryClient } | undefined;

export function walletSetup(terms: ServiceTerms): { config: Config; queryClient: QueryClient } {
  const key = `${terms.network}|${terms.local?.rpcUrl ?? ""}`;
  if (setup?.key === key) return setup;
  const connectors: CreateConnectorFn[] = [
    injected(),
    onlyOnceChosen(coinbaseWallet({ appName: APP_NAME })),
    ...(WALLETCONNECT_PROJECT_ID
      ? [onlyOnceChosen(walletConnect({ projectId: WALLETCONNECT_PROJECT_ID, showQrModal: true }))]
      : []),
    ...(terms.local
      ? [
          injected({
            target: {
              id: DEVELOPMENT_WALLET_ID,
              name: "Development wallet (local test key)",
              provider: developmentWalletProvider(terms.chain),
            },
          }),
        ]
      : []),
  ];
  const config = createConfig({
    chains: [terms.chain],
    connectors,
    transports: { [terms.chain.id]: http() },
    storage: createStorage({
      storage: typeof window === "undefined" ? undefined : window.localStorage,
      key: WAGMI_STORAGE_KEY,
    }),
  });
  setup = { key, config, queryClient: new QueryClient({ defaultOptions: { queries: { retry: 1 } } }) };
  return setup;
}

/**
 * A connector whose SDK loads only for a reader who chose it (now, or last time in this
 * browser). wagmi's reconnect asks every connector for its provider, which would download the
 * Coinbase Wallet SDK, or open a WalletConnect relay connection, for every reader who merely
 * starts to pay; until chosen, this one answers "no provider" and reconnect passes over it.
 */
function onlyOnceChosen(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config);
    let chosen = false;
    const wasRecent = async () => (await config.storage?.getItem("recentConnectorId")) === connector.id;
    return {
      ...connector,
      async connect(parameters) {
        chosen = true;
        return connector.connect.call(this, parameters);
      },
      async getProvider(parameters) {
        if (!chosen && !(await wasRecent())) return undefined;
        return connector.getProvider.call(this, parameters);
      },
    } as typeof connector;
  };
}
