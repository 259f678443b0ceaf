import { getDb } from "@/db";
import { serviceClock } from "@/lib/clock";
import { listRecentFilings } from "@/lib/disclosures";

export const dynamic = "force-dynamic";

export default async function Home() {
  const clock = serviceClock();
  const { filings } = await listRecentFilings(await getDb(), clock, { limit: 50, since_hours: 168 });
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold">DART in English</h1>
        <p className="text-sm text-zinc-600">
          Filings of Korean listed companies from DART, labelled in English.{" "}
          {clock.snapshotAsOf
            ? `Offline snapshot: data as of ${clock.snapshotAsOf} (KST).`
            : "Live: refreshed about every 30 seconds."}{" "}
          API: <a className="underline" href="/openapi.json">/openapi.json</a> ·{" "}
          <a className="underline" href="/llms.txt">/llms.txt</a>
        </p>
      </header>
      <table className="w-full text-left text-sm">
        <thead className="border-b text-zinc-500">
          <tr>
            <th className="py-2">Date</th>
            <th>Company</th>
            <th>Filing</th>
            <th>Event</th>
            <th className="text-right">Importance</th>
          </tr>
        </thead>
        <tbody>
          {filings.map((f) => (
            <tr key={f.rcptNo} className="border-b border-zinc-100 align-top">
              <td className="py-2 whitespace-nowrap">{f.rceptDt}</td>
              <td>
                <div>{f.corpNameEn}</div>
                <div className="text-xs text-zinc-500">
                  {f.corpName} · {f.ticker}
                </div>
              </td>
              <td>
                <a className="underline" href={f.sourceUrl} target="_blank" rel="noreferrer">
                  {f.reportNmEn}
                </a>
                <div className="text-xs text-zinc-500">{f.reportNm}</div>
              </td>
              <td className="text-xs">{f.eventType}</td>
              <td className="text-right">{f.importanceScore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
