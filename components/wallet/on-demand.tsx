"use client";
import { useCallback, useState, type ComponentType } from "react";
import { Button } from "@/components/ui/button";

/**
 * A component whose code is imported only when asked for (`load`), rendered without a Suspense
 * boundary: next/dynamic suspends, and React holds a resolved boundary's content back for up to
 * 300 ms to avoid flicker, which would delay a flow whose code was fetched ahead. `failed`: the
 * code could not be fetched (offline, a new deployment), to be said and retried.
 */
export function useOnDemand<Props>(loader: () => Promise<{ default: ComponentType<Props> }>) {
  const [component, setComponent] = useState<{ Component: ComponentType<Props> }>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    loader().then(
      (module) => setComponent({ Component: module.default }),
      () => setFailed(true),
    );
  }, [loader]);
  return { Component: component?.Component, load, failed };
}

/** While the code loads ("Loading wallets…"), or why it did not (nothing was charged) with a retry. */
export function OnDemandStatus({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <p role="alert" className="text-sm">
        The wallet code could not be loaded. Nothing was charged.{" "}
        <Button variant="link" onClick={onRetry}>
          Try again
        </Button>
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-fg-muted">
      Loading wallets…
    </p>
  );
}
