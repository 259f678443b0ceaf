import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "DART in English",
  description: "Korean corporate disclosures from DART, readable in English, for people and AI agents.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased">{children}</body>
    </html>
  );
}
