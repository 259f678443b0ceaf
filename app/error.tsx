"use client";

import { Button } from "@/components/ui/button";

/** A page failed on the server: most often the database or the payment stack is unavailable. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">This page could not be loaded</h1>
      <p className="mt-3 text-fg-muted">
        The data service did not answer. Nothing is wrong with your request; please try again in a moment.
      </p>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
