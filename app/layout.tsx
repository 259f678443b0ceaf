import type { Metadata, Viewport } from "next";
import { DataBanner, ServiceClockProvider, SiteFooter, SiteHeader } from "@/components/layout";
import { dataFreshness } from "@/lib/api/freshness";
import { publicBaseUrl } from "@/lib/env";
// Korean glyphs for a device without its own: Pretendard Regular in ~90 unicode-range slices, and the
// Korean core (one file: the syllables of the site's names and titles), checked first.
import "./pretendard.css";
import "./korean-core.css";
import { inter, jetbrainsMono } from "./fonts";
import "./globals.css";

const DESCRIPTION = "Korean corporate disclosures from DART, readable in English, for people and AI agents.";

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(publicBaseUrl()),
    title: { default: "DART in English", template: "%s · DART in English" },
    description: DESCRIPTION,
    openGraph: { siteName: "DART in English", type: "website", locale: "en_US", description: DESCRIPTION },
    twitter: { card: "summary" },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1120" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const freshness = await dataFreshness();
  return (
    <html lang="en" className={`${inter.variable} ${jetbrainsMono.variable}`}>
      <body className="flex min-h-screen flex-col bg-bg font-sans text-fg antialiased">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-accent-fg"
        >
          Skip to content
        </a>
        <ServiceClockProvider clock={freshness}>
          <SiteHeader />
          <DataBanner freshness={freshness} />
          <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-3 pb-6 sm:pt-4 sm:pb-8">
            {children}
          </main>
          <SiteFooter />
        </ServiceClockProvider>
      </body>
    </html>
  );
}
