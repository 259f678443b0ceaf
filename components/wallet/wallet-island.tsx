"use client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { WALLET_READY_EVENT } from "@/lib/wallet";
import { fetchServiceTerms, TermsUnavailableError, type ServiceTerms } from "@/lib/wallet/terms";
import { walletSetup } from "./wagmi-setup";
import { Button } from "@/components/ui/button";

/**
 * The root of every lazily loaded wallet island: fetches the service's payment terms once per
 * page, then provides the shared wagmi config and QueryClient (./wagmi-setup.ts). Nothing
 * here is in a page's first load: the islands are imported when a person starts to connect
 * or pay.
 */
const TermsContext = createContext<ServiceTerms | undefined>(undefined);

export function useServiceTerms(): ServiceTerms {
  const terms = useContext(TermsContext);
  if (!terms) throw new Error("useServiceTerms outside a WalletIsland");
  return terms;
}

let termsRequest: Promise<ServiceTerms> | undefined;
/** The terms once loaded: a later island (the reveal, after the header's) starts with them at once. */
let loadedTerms: ServiceTerms | undefined;
function loadTerms(): Promise<ServiceTerms> {
  termsRequest ??= fetchServiceTerms().then(
    (terms) => (loadedTerms = terms),
    (error: unknown) => {
      termsRequest = undefined; // let a later attempt try again
      throw error;
    },
  );
  return termsRequest;
}

/** `fallback` (e.g. the header's plain button) stands in while loading and when payments are unavailable. */
export function WalletIsland({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const [terms, setTerms] = useState<ServiceTerms | undefined>(loadedTerms);
  const [problem, setProblem] = useState<TermsUnavailableError>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadTerms().then(
      (t) => live && setTerms(t),
      (error: unknown) =>
        live &&
        setProblem(error instanceof TermsUnavailableError ? error : new TermsUnavailableError(String(error), true)),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (terms) window.dispatchEvent(new Event(WALLET_READY_EVENT));
  }, [terms]);

  if (problem && fallback) return fallback;
  if (problem) {
    return (
      <div role="alert" className="rounded-md bg-warn p-3 text-sm text-warn-fg">
        <p className="font-medium">
          {problem.reachable ? "Payments are not available right now." : "The service cannot be reached."}
        </p>
        <p>{problem.message} Nothing was charged.</p>
        <Button
          variant="link"
          className="mt-2 block"
          onClick={() => {
            setProblem(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!terms)
    return (
      fallback ?? (
        <p className="text-sm text-fg-muted" role="status">
          Loading payment details…
        </p>
      )
    );
  const { config, queryClient } = walletSetup(terms);
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <TermsContext.Provider value={terms}>{children}</TermsContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
