/**
 * A browser wallet the way a real one appears to a page: an EIP-1193 provider announced
 * through EIP-6963 (`eip6963:announceProvider`, with its name, icon and rdns), so wagmi
 * discovers it like any installed extension. Its key stays in the test process: the page's
 * provider forwards every request through page.exposeFunction, where a viem account signs
 * (eth_signTypedData_v4, and personal_sign for sign-in messages) and everything else goes to the
 * chain's JSON-RPC. The test can make it refuse signatures (code 4001, as a person pressing
 * "Reject") or start on another chain.
 */
import type { Page } from "@playwright/test";
import { numberToHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface InjectedWalletOptions {
  privateKey: Hex;
  /** The service's chain: its JSON-RPC answers reads, and its id is known to the wallet. */
  rpcUrl: string;
  serviceChainId: number;
  /** The chain the wallet is on at first (default: the service's). */
  startChainId?: number;
  /** Whether the wallet knows the service's chain at first; if not, switching asks to add it (4902). */
  knowsServiceChain?: boolean;
  name?: string;
  rdns?: string;
}

export interface InjectedWallet {
  address: Address;
  /** Every method the page asked for, in order. */
  calls: string[];
  /** When true, signature requests fail with 4001 (user rejected). */
  rejectSignatures: boolean;
  /** The chain the wallet is on now. */
  chainId(): number;
}

type Answer = { result?: unknown; error?: { code: number; message: string }; chainChanged?: Hex };

const ICON =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><rect width="20" height="20" rx="4" fill="#2563eb"/><path d="M5 10h10M10 5v10" stroke="#fff" stroke-width="2"/></svg>',
  ).toString("base64");

export async function injectWallet(page: Page, options: InjectedWalletOptions): Promise<InjectedWallet> {
  const account = privateKeyToAccount(options.privateKey);
  const name = options.name ?? "Test Wallet";
  const rdns = options.rdns ?? `test.wallet.${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const known = new Set<number>(options.knowsServiceChain === false ? [] : [options.serviceChainId]);
  let chainId = options.startChainId ?? options.serviceChainId;
  known.add(chainId);
  let rpcId = 0;
  // As installed wallets do: no account for this site until it has asked for one.
  let authorized = false;

  const wallet: InjectedWallet = {
    address: account.address,
    calls: [],
    rejectSignatures: false,
    chainId: () => chainId,
  };

  const handle = async (method: string, paramsJson: string): Promise<Answer> => {
    const params = JSON.parse(paramsJson) as unknown[];
    wallet.calls.push(method);
    switch (method) {
      case "eth_requestAccounts":
        authorized = true;
        return { result: [account.address] };
      case "eth_accounts":
        return { result: authorized ? [account.address] : [] };
      case "eth_chainId":
        return { result: numberToHex(chainId) };
      case "wallet_requestPermissions":
      case "wallet_getPermissions":
        return { result: [{ parentCapability: "eth_accounts" }] };
      case "wallet_switchEthereumChain": {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        if (!known.has(wanted))
          return { error: { code: 4902, message: `Unrecognized chain ID ${wanted}. Try adding the chain first.` } };
        chainId = wanted;
        return { result: null, chainChanged: numberToHex(wanted) };
      }
      case "wallet_addEthereumChain": {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        known.add(wanted);
        chainId = wanted; // as wallets do: add, then switch to it
        return { result: null, chainChanged: numberToHex(wanted) };
      }
      case "eth_signTypedData_v4":
        if (wallet.rejectSignatures) return { error: { code: 4001, message: "User rejected the request." } };
        return { result: await account.signTypedData(JSON.parse(params[1] as string)) };
      case "personal_sign": // a sign-in message (EIP-4361), as viem sends it: [hex message, address]
        if (wallet.rejectSignatures) return { error: { code: 4001, message: "User rejected the request." } };
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
      default: {
        if (chainId !== options.serviceChainId)
          return { error: { code: 4901, message: "Not connected to that chain in this test wallet" } };
        const response = await fetch(options.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params }),
        });
        const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
        return body.error ? { error: body.error } : { result: body.result };
      }
    }
  };

  const bridge = `__testWallet_${rdns.replace(/[^a-zA-Z0-9]/g, "_")}`;
  await page.exposeFunction(bridge, handle);
  // Under tsx (esbuild's keepNames), functions serialized into the page call a __name helper
  // that only exists in Node: give the page a no-op one (the Playwright runner needs none).
  await page.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  await page.addInitScript(
    ({ bridge, info }) => {
      const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
      const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value));
      const call = (window as unknown as Record<string, (m: string, p: string) => Promise<Answer>>)[bridge];
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await call(method, JSON.stringify(params ?? []));
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          if (answer.chainChanged) setTimeout(() => emit("chainChanged", answer.chainChanged), 0);
          return answer.result;
        },
        on(event: string, fn: (...args: unknown[]) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
        removeListener(event: string, fn: (...args: unknown[]) => void) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { bridge, info: { uuid: crypto.randomUUID(), name, icon: ICON, rdns } },
  );
  return wallet;
}
