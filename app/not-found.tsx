import Link from "next/link";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <NotFoundMessage title="Page not found">
      There is no page at this address. Try the{" "}
      <Link className="text-accent underline" href="/">
        filings feed
      </Link>{" "}
      or{" "}
      <Link className="text-accent underline" href="/companies">
        search for a company
      </Link>
      .
    </NotFoundMessage>
  );
}
