import type { ReactNode } from "react";

/** The body of a 404 page: what was not found and where to go instead. */
export function NotFoundMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <p className="font-mono text-sm text-fg-muted">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-fg-muted">{children}</p>
    </div>
  );
}
