/**
 * The explorer's security headers (set on every page by lib/http/per-request.ts, from proxy.ts).
 * Pages rendered per request get a script nonce: the proxy makes one per request and puts the policy on the request too, where Next.js reads it and
 * stamps the nonce on every script it emits, so no inline script without it runs. Pages served
 * from Next's cache or a prerender (the default feed view, the 404 page) were rendered before the
 * request and cannot carry one; hashes cannot list their inline scripts either (the RSC payload
 * changes with the data), so their policy allows inline scripts from this origin. Neither allows
 * `eval` outside development (React's dev tooling needs it). Plain module: next.config.ts reads
 * FEED_QUERY_KEYS.
 */

/**
 * The query keys of a feed filter. `/` without any of them is the default view, served from
 * Next's cache (next.config.ts rewrites it to /feed/latest); with one it renders per request.
 */
export const FEED_QUERY_KEYS = ["min", "type", "market", "hours", "company", "rows", "summary"] as const;

/**
 * Wallet connectors reach their RPCs and relays over https/wss; with the local payment stack the
 * reader's browser reads balances from the local chain's RPC on loopback (http), so loopback is
 * allowed too — a page cannot reach anything else over plain http.
 */
export function pageContentSecurityPolicy({ nonce, production }: { nonce?: string; production: boolean }): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : "'self' 'unsafe-inline'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${production ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: wss: http://127.0.0.1:* http://localhost:*",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The rest of the explorer's security headers, the same on every page and feed. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

/** Pages that render per request, and so can carry a nonce: filtered feed views, companies, filings, docs, my summaries, watchlists. */
export function rendersPerRequest(url: URL): boolean {
  if (url.pathname === "/") return FEED_QUERY_KEYS.some((key) => url.searchParams.has(key));
  return /^\/(?:companies|filings|docs|my-summaries|watchlists)(?:\/|$)/.test(url.pathname);
}
