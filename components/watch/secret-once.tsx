"use client";
import { useId } from "react";
import { CopyButton } from "@/components/docs/copy-button";
import { useFocusOnMount } from "@/components/wallet/focus";

/**
 * A watchlist's whsec_ signing secret, as the service answers it once (on creation and rotation):
 * with a copy button and a plain note that it is never shown again.
 */
export function SecretOnce({
  secret,
  rotated = false,
  level = 4,
}: {
  secret: string;
  rotated?: boolean;
  /** Its heading's level where it is placed: 3 in the Watch dialog (under its title), 4 in a watchlist's card. */
  level?: 3 | 4;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 rounded-md border border-accent/50 bg-surface p-3 text-sm"
      data-testid="secret-once"
    >
      <Heading id={id} ref={heading} tabIndex={-1} className="font-semibold">
        {rotated ? "New signing secret" : "Signing secret"} — shown only now
      </Heading>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-bg px-2 py-1 font-mono text-xs" data-testid="secret-value">
          {secret}
        </code>
        <CopyButton text={secret} label="signing secret" />
      </div>
      <p className="text-xs text-fg-muted">
        Copy it now: the service keeps it to sign deliveries but never shows it again (the watchlists page shows its
        first characters only). Your receiver verifies each delivery&apos;s <code>webhook-signature</code> with it.
        {rotated && " The previous secret keeps signing beside it for 24 hours, so you can switch your receiver over."}
        {!rotated && " Lost it? Rotate the secret on the watchlists page."}
      </p>
    </section>
  );
}
