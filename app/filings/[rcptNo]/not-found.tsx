import Link from "next/link";
import { NotFoundMessage } from "@/components/layout";

export default function FilingNotFound() {
  return (
    <NotFoundMessage title="No filing with this receipt number">
      Receipt numbers are 14 digits, like 20260716900971; a filing appears here once the service has seen it.{" "}
      <Link className="text-accent underline" href="/">
        Browse the feed
      </Link>
      .
    </NotFoundMessage>
  );
}
