"use client";
import { http, numberToHex, type Chain, type EIP1193Provider, type Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

/**
 * The development wallet as an EIP-1193 provider, so it goes through exactly the path a
 * browser wallet does (wagmi connector → wallet client → eth_signTypedData_v4). Its key is
 * one of the local chain's funded test keys, fetched from the server only when the wallet is
 * first used; that route exists only with the local payment stack. Like an installed wallet it
 * reports no account (eth_accounts → []) until this site has once asked for one
 * (eth_requestAccounts), so merely opening a page neither connects it nor fetches its key.
 */
const AUTHORIZED_KEY = "dart-en.development-wallet.authorized";

export function developmentWalletProvider(chain: Chain): EIP1193Provider {
  let account: Promise<PrivateKeyAccount> | undefined;
  const unlock = () =>
    (account ??= fetch("/api/local-chain/development-wallet").then(async (response) => {
      if (!response.ok) {
        account = undefined;
        throw providerError(4100, "The development wallet is only available with the local payment stack.");
      }
      const { privateKey } = (await response.json()) as { privateKey: Hex };
      return privateKeyToAccount(privateKey);
    }));
  const node = http()({ chain, retryCount: 0 });

  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const args = (params ?? []) as unknown[];
    switch (method) {
      case "eth_requestAccounts": {
        const { address } = await unlock();
        window.localStorage.setItem(AUTHORIZED_KEY, "1");
        return [address];
      }
      case "eth_accounts":
        return window.localStorage.getItem(AUTHORIZED_KEY) ? [(await unlock()).address] : [];
      case "eth_chainId":
        return numberToHex(chain.id);
      case "wallet_switchEthereumChain":
        if (Number((args[0] as { chainId: string }).chainId) === chain.id) return null;
        throw providerError(4902, "The development wallet only knows the local chain.");
      case "eth_signTypedData_v4":
        return (await unlock()).signTypedData(JSON.parse(args[1] as string));
      case "personal_sign":
        return (await unlock()).signMessage({ message: { raw: args[0] as Hex } });
      case "wallet_requestPermissions":
        return [{ parentCapability: "eth_accounts" }];
      case "wallet_revokePermissions":
        window.localStorage.removeItem(AUTHORIZED_KEY);
        return null;
      default:
        return node.request({ method, params } as never);
    }
  };
  // One account on one chain: nothing ever changes, so there is nothing to emit.
  return { request, on: () => undefined, removeListener: () => undefined } as unknown as EIP1193Provider;
}

function providerError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}
