import type { Metadata } from "next";
import { CodeBlock, DocsToc, EndpointSection } from "@/components/docs";
import { getDb } from "@/lib/database";
import { serviceClock } from "@/lib/clock";
import { OfflineSummaries } from "@/components/filing/offline-summaries";
import { apiReference, filingsAvailableOffline } from "@/lib/explorer";
import {
  ENDPOINTS,
  FACT_SHEET_NOTES,
  MCP_FREE_TOOLS,
  MCP_PATH,
  MCP_PAYMENT_NOTE,
  MCP_SIGN_IN_NOTE,
  MCP_WALLET_TOOLS,
  PAYMENT_HEADERS,
  paidToolsWithPrices,
} from "@/lib/interface";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API for developers and agents",
  description:
    "The DART in English JSON API: free feed and company directory, English summaries paid per call over x402 (USDC on Base). Every endpoint with parameters and real example answers.",
  openGraph: { title: "DART in English API", url: "/docs" },
};

const DISCOVERY_DOCUMENTS = ENDPOINTS.filter((e) => e.discovery);

/** The API reference, generated from the OpenAPI document and the functions behind each route. */
export default async function DocsPage() {
  const db = await getDb();
  const [ref, offline] = await Promise.all([apiReference(db, serviceClock()), filingsAvailableOffline(db)]);
  const free = ref.endpoints.filter((e) => !e.price);
  const paid = ref.endpoints.filter((e) => e.price);
  const summaryUrl =
    paid.find((e) => e.path === "/v1/disclosures/summary")?.exampleUrl ?? `${ref.baseUrl}/v1/disclosures/summary`;
  const typescript = `import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";

const signer = privateKeyToAccount(process.env.PAYER_KEY as \`0x\${string}\`);
const client = new x402Client().register("${ref.terms.network}", new ExactEvmScheme(signer));
const payingFetch = wrapFetchWithPayment(fetch, client);

// Free: the newest filings, and whether a filing's summary can be bought (never pay for one that cannot).
const { filings } = await (await fetch("${ref.baseUrl}/v1/disclosures/recent?limit=5")).json();
const rcptNo = filings[0].rcptNo;
const { availability } = await (await fetch(\`${ref.baseUrl}/v1/disclosures/availability?rcptNo=\${rcptNo}\`)).json();

// Paid: the first call gets 402, the wrapper signs the USDC authorization and repeats it.
// "unknown": DART is asked first; a filing with nothing to summarise is refused before any payment.
if (availability !== "unavailable") {
  const res = await payingFetch(\`${ref.baseUrl}/v1/disclosures/summary?rcptNo=\${rcptNo}\`);
  const summary = await res.json(); // { summaryEn, importanceScore, sourceUrl, generatedAt, ... }
}`;

  return (
    <div className="grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="On this page" className="hidden lg:block">
        <DocsToc endpoints={ref.endpoints} className="sticky top-6" />
      </nav>
      <div className="min-w-0 space-y-10">
        <header id="start">
          <h1 className="text-2xl font-semibold tracking-tight">API for developers and agents</h1>
          <p className="mt-2 max-w-2xl text-fg-muted">
            JSON over HTTP at <code className="font-mono text-sm">{ref.baseUrl}</code>, read with GET. The feed, the
            company directory and the vocabularies are free with no key. English summaries cost {paid[0]?.price?.usdc}{" "}
            USDC each, paid per call over x402 v2 on {ref.terms.network}: the signing wallet is the only identity. The
            same wallet owns watchlists, whose webhook alerts it buys in packs.
          </p>
          {/* Phones: the contents folded under the heading, as the sidebar is. */}
          <details className="mt-4 rounded-md border border-border p-3 lg:hidden">
            <summary className="cursor-pointer text-sm font-medium">On this page</summary>
            <nav aria-label="On this page" className="mt-2">
              <DocsToc endpoints={ref.endpoints} />
            </nav>
          </details>
          <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
            {DISCOVERY_DOCUMENTS.map(({ path, description }) => (
              <li key={path} className="rounded-md border border-border p-3">
                <a href={path} className="font-mono text-accent underline">
                  {path}
                </a>
                <p className="mt-1 text-xs text-fg-muted">{description}</p>
              </li>
            ))}
          </ul>
        </header>

        <OfflineSummaries filings={offline} />

        <section id="x402" aria-labelledby="x402-heading" className="scroll-mt-6">
          <h2 id="x402-heading" className="text-xl font-semibold">
            Paying with x402, step by step
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
            {ref.paymentSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm text-fg-muted">
            Network {ref.terms.network} · token <span className="break-all font-mono text-xs">{ref.terms.asset}</span> ·
            recipient <span className="break-all font-mono text-xs">{ref.terms.payTo}</span>
          </p>
          <div className="mt-4 grid gap-3">
            <CodeBlock
              label="curl: see the challenge"
              code={`curl -i "${summaryUrl}"
# HTTP/1.1 402 Payment Required
# ${PAYMENT_HEADERS.challenge}: <base64 JSON: x402Version 2, accepts[0] = scheme, network, asset, amount, payTo, …>`}
            />
            <CodeBlock
              label="This repository's client: pays the challenge with a key"
              code={`PAYER_KEY=0x… npm run pay -- "${summaryUrl}"`}
            />
            <CodeBlock label="TypeScript (@x402/fetch, viem)" code={typescript} />
          </div>
        </section>

        <section id="mcp" aria-labelledby="mcp-heading" className="scroll-mt-6 space-y-4">
          <h2 id="mcp-heading" className="text-xl font-semibold">
            MCP for agents
          </h2>
          <p className="max-w-2xl text-fg-muted">
            The same service is an MCP server at{" "}
            <code className="font-mono text-sm">{`${ref.baseUrl}${MCP_PATH}`}</code> (Streamable HTTP, stateless, no
            key). Free tools: {MCP_FREE_TOOLS.join(", ")}. Watchlists and alerts, free for a signed-in wallet:{" "}
            {MCP_WALLET_TOOLS.join(", ")}. Paid tools: {paidToolsWithPrices()}. Same inputs, limits, prices and rules as
            the HTTP API.
          </p>
          <p className="max-w-2xl text-sm text-fg-muted">{MCP_PAYMENT_NOTE}</p>
          <p className="max-w-2xl text-sm text-fg-muted">{MCP_SIGN_IN_NOTE}</p>
          <div className="grid gap-4">
            <CodeBlock
              label="Clients that speak Streamable HTTP (mcp.json, Cursor, VS Code)"
              code={JSON.stringify(
                { mcpServers: { "dart-in-english": { url: `${ref.baseUrl}${MCP_PATH}` } } },
                null,
                2,
              )}
            />
            <CodeBlock
              label="stdio-only clients (claude_desktop_config.json)"
              code={JSON.stringify(
                {
                  mcpServers: {
                    "dart-in-english": { command: "npx", args: ["-y", "mcp-remote", `${ref.baseUrl}${MCP_PATH}`] },
                  },
                },
                null,
                2,
              )}
            />
            <CodeBlock
              label="This repository's paying MCP client (official SDK client + @x402/core)"
              code={`PAYER_KEY=0x… npm run mcp:call -- get_filing_summary '{"rcptNo":"${new URL(summaryUrl).searchParams.get("rcptNo")}"}'`}
            />
          </div>
        </section>

        <section id="facts" aria-labelledby="facts-heading" className="scroll-mt-6">
          <h2 id="facts-heading" className="text-xl font-semibold">
            Fact sheets
          </h2>
          <ul className="mt-3 max-w-2xl list-disc space-y-2 pl-5 text-sm">
            {FACT_SHEET_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="free-heading" className="space-y-8">
          <h2 id="free-heading" className="text-xl font-semibold">
            Free endpoints
          </h2>
          {free.map((e) => (
            <EndpointSection key={e.path} endpoint={e} />
          ))}
        </section>
        <section aria-labelledby="paid-heading" className="space-y-8">
          <h2 id="paid-heading" className="text-xl font-semibold">
            Paid endpoints
          </h2>
          {paid.map((e) => (
            <EndpointSection key={e.path} endpoint={e} />
          ))}
        </section>
      </div>
    </div>
  );
}
