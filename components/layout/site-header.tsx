import Link from "next/link";
import { CompanySearch } from "@/components/company/company-search";
import { WalletButton } from "@/components/wallet/wallet-button";
import { LogoMark } from "./logo-mark";

/** `short`: the label on a phone, where six links share one line of ~338 px. */
const NAV: { href: string; label: string; short?: string }[] = [
  { href: "/", label: "Feed" },
  { href: "/companies", label: "Companies" },
  { href: "/filings", label: "Search" },
  { href: "/docs", label: "API" },
  { href: "/my-summaries", label: "My summaries", short: "Summaries" },
  { href: "/watchlists", label: "Watchlists" },
];

/** The site header: name, navigation, company search, and the wallet's place. */
export function SiteHeader() {
  return (
    <header className="border-b border-border bg-bg">
      {/* Phone: name and wallet, then the search box, then the navigation. Wider: one row. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 md:py-2">
        <Link href="/" className="inline-flex items-center gap-2 text-base font-semibold tracking-tight">
          <LogoMark className="size-7" />
          <span>
            DART <span className="text-fg-muted">in English</span>
          </span>
        </Link>
        <nav aria-label="Main" className="order-4 w-full md:order-none md:w-auto">
          {/* One line on a 360 px phone: six links in 13 px Inter, 3 px padding and the short labels take ~331
              of its 338 px; never wrapped (scrolls sideways if ever too narrow). */}
          <ul className="-mx-[5px] flex gap-0 overflow-x-auto whitespace-nowrap text-[13px] sm:-mx-2 sm:gap-1 sm:text-sm">
            {NAV.map((n) => (
              <li key={n.href}>
                {/* No viewport prefetch: six pages fetched on every load would crowd the first seconds (issue 37). */}
                <Link
                  href={n.href}
                  prefetch={false}
                  className="inline-block rounded px-[3px] py-1 text-fg-muted hover:bg-subtle hover:text-fg sm:px-2"
                >
                  {n.short ? (
                    <>
                      <span className="sm:hidden">{n.short}</span>
                      <span className="hidden sm:inline">{n.label}</span>
                    </>
                  ) : (
                    n.label
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-3 w-full md:order-none md:ml-auto md:w-72">
          <CompanySearch size="sm" label="Search companies" />
        </div>
        <div data-slot="wallet" className="ml-auto md:ml-0">
          <WalletButton />
        </div>
      </div>
    </header>
  );
}
