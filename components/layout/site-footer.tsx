import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-fg-muted">
        <p>Filings from DART (Financial Supervisory Service, Korea), labelled in English. Times in KST (UTC+9).</p>
        <nav aria-label="Machine-readable" className="flex flex-wrap gap-x-4 gap-y-1">
          <Link className="underline" href="/docs">
            API docs
          </Link>
          <a className="underline" href="/openapi.json">
            openapi.json
          </a>
          <a className="underline" href="/llms.txt">
            llms.txt
          </a>
          <a className="underline" href="/.well-known/x402">
            x402
          </a>
          <a className="underline" href="/feeds/recent.atom">
            Atom feed
          </a>
        </nav>
      </div>
    </footer>
  );
}
