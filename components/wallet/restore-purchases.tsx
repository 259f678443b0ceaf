"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { OnDemandStatus, useOnDemand } from "./on-demand";

const loadRestoreFlow = () => import("./restore-flow");

/**
 * "Restore my purchases" on /my-summaries: everything the reader's wallet paid for, on any
 * device, by signing in with it. The wallet code loads only on the click.
 */
export function RestorePurchases() {
  const [restoring, setRestoring] = useState(false);
  const flow = useOnDemand(loadRestoreFlow);
  return (
    <section aria-labelledby="restore-heading" className="space-y-2 rounded-lg border border-border bg-surface p-4">
      <h2 id="restore-heading" className="text-base font-semibold">
        Paid on another device or browser?
      </h2>
      <p className="text-sm text-fg-muted">
        The wallet that paid is the only account: sign in with it (one signature, no payment) to have everything it
        bought again, here, free.
      </p>
      {!restoring ? (
        <Button
          onClick={() => {
            setRestoring(true);
            flow.load();
          }}
        >
          Restore my purchases
        </Button>
      ) : flow.Component ? (
        <flow.Component />
      ) : (
        <OnDemandStatus failed={flow.failed} onRetry={flow.load} />
      )}
    </section>
  );
}
