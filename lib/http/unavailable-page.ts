/**
 * The page a reader gets while the database cannot be reached: the proxy answers it, 503 with
 * Retry-After, for every page that reads the database (lib/http/per-request.ts). Next.js gives a
 * page no status of its own (a render that fails is a 500), and a middleware rewrite to a page of
 * the app loses its status when the server is bound to a loopback address, so the page is plain
 * HTML here: the site's name, colours and fonts (app/globals.css), and no script.
 */
export const UNAVAILABLE_PAGE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable · DART in English</title>
<style>
:root { color-scheme: light dark; --bg: #ffffff; --fg: #0f172a; --fg-muted: #475569; --border: #e2e8f0; --accent: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1120; --fg: #e5e7eb; --fg-muted: #a3acb9; --border: #263041; --accent: #7cb3fb; } }
body { margin: 0; background: var(--bg); color: var(--fg); font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; -webkit-font-smoothing: antialiased; }
header { border-bottom: 1px solid var(--border); }
header a { display: block; max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; color: inherit; font-weight: 600; text-decoration: none; }
header span, .muted { color: var(--fg-muted); }
main { max-width: 36rem; margin: 0 auto; padding: 3rem 1rem; text-align: center; }
.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem; }
h1 { margin: 0.5rem 0 0; font-size: 1.5rem; font-weight: 600; }
p { line-height: 1.6; }
a.reload { color: var(--accent); }
</style>
</head>
<body>
<header><a href="/">DART <span>in English</span></a></header>
<main role="alert">
<p class="code muted">503</p>
<h1>Temporarily unavailable</h1>
<p class="muted">The filings database is not answering right now. Nothing is wrong with your request: <a class="reload" href="">reload this page</a> in a few seconds. Meanwhile the API answers 503 with Retry-After, and nothing paid is charged.</p>
</main>
</body>
</html>
`;
