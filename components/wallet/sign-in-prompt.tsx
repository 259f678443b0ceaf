"use client";

import { useFocusOnMount } from "./focus";
import { Button } from "@/components/ui/button";

/**
 * "Sign in with this wallet": one message to sign, never a payment, and what it unlocks. Restore
 * my purchases, creating a watchlist and listing watchlists each start with it; the heading
 * takes the focus, at the level its place needs.
 */
export function SignInPrompt({
  id,
  level = 3,
  unlocks,
  action,
  onSignIn,
  busy = false,
}: {
  id: string;
  level?: 2 | 3;
  /** What follows the signature, as the end of a sentence. */
  unlocks: string;
  action: string;
  onSignIn: () => void;
  busy?: boolean;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className="space-y-2 text-sm">
      <Heading
        id={id}
        ref={heading}
        tabIndex={-1}
        className={level === 2 ? "text-base font-semibold" : "font-semibold"}
      >
        Sign in with this wallet
      </Heading>
      <p className="text-fg-muted">
        Your wallet asks you to sign one message (not a payment: no gas, nothing charged); {unlocks}
      </p>
      <Button onClick={onSignIn} disabled={busy}>
        {action}
      </Button>
    </section>
  );
}
