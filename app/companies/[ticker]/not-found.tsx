import Link from "next/link";
import { NotFoundMessage } from "@/components/layout";

export default function CompanyNotFound() {
  return (
    <NotFoundMessage title="No listed company with this ticker">
      Tickers are 6 or 7 characters, like 005930.{" "}
      <Link className="text-accent underline" href="/companies">
        Search by name
      </Link>{" "}
      instead.
    </NotFoundMessage>
  );
}
