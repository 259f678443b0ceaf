import localFont from "next/font/local";

/**
 * The site's type, self-hosted from npm (no request leaves the origin): Inter for Latin text,
 * preloaded, and JetBrains Mono for tickers, codes and figures. Korean text falls through to
 * Pretendard (app/layout.tsx), loaded in unicode-range slices. Both are variable fonts: one
 * file each for every weight.
 */
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-inter",
  display: "swap",
  adjustFontFallback: "Arial",
});

export const jetbrainsMono = localFont({
  src: "../node_modules/@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2",
  weight: "100 800",
  variable: "--font-jetbrains-mono",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  fallback: ["ui-monospace", "monospace"],
});
