/**
 * The CSV and JSON answers of a view (./export.ts): the feed (`/feeds/recent.csv|json`, the
 * parameters of `/`), one company's (`/feeds/companies/{ticker}/filings.csv|json`) and a search
 * (`/feeds/filings.csv|json`, the parameters of `/filings` and GET /v1/filings). All under
 * `/feeds/`, which the page proxy (proxy.ts) leaves to the route handlers' own per-request concerns.
 */
import { getDb } from "@/lib/database";
import { dataFreshness } from "@/lib/api/freshness";
import type { FeedViewQuery, FilingsQuery } from "@/lib/interface/schemas";
import { serviceClock } from "@/lib/clock";
import { ApiError } from "@/lib/api/errors";
import { companyProfile } from "./company";
import { feedView, toFeedFilters, toFeedRow } from "./feed";
import { feedQueryString } from "./filters";
import { searchView } from "./search";
import {
  exportFileName,
  toCsv,
  toExportRow,
  toJson,
  type ExportFormat,
  type ExportMeta,
  type ExportRow,
} from "./export";

function answer(format: ExportFormat, meta: ExportMeta, rows: ExportRow[], what?: string): Response {
  const body = format === "csv" ? toCsv(rows) : toJson(meta, rows);
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(meta, format, what)}"`,
    },
  });
}

/** The feed view of `/` with the same parameters as CSV or JSON. */
export async function feedExportResponse(format: ExportFormat, query: FeedViewQuery): Promise<Response> {
  const filters = toFeedFilters(query);
  const clock = serviceClock();
  const [view, freshness] = await Promise.all([feedView(await getDb(), clock, filters), dataFreshness()]);
  const meta: ExportMeta = {
    view: "feed",
    page: `/${feedQueryString(filters)}`,
    asOf: clock.now().toISOString(),
    dataMode: freshness.mode,
    total: view.counts.total,
  };
  return answer(
    format,
    meta,
    view.filings.map((f) => toExportRow(toFeedRow(f))),
  );
}

/** A company's filings as its page lists them (the newest, regardless of age) as CSV or JSON; 404 for an unknown ticker. */
export async function companyExportResponse(format: ExportFormat, ticker: string): Promise<Response> {
  const clock = serviceClock();
  const [profile, freshness] = await Promise.all([companyProfile(await getDb(), clock, ticker), dataFreshness()]);
  if (!profile) throw ApiError.notFound(`No listed company with ticker ${ticker}.`);
  const meta: ExportMeta = {
    view: "company",
    page: `/companies/${ticker}`,
    asOf: clock.now().toISOString(),
    dataMode: freshness.mode,
    total: profile.filings.length,
  };
  return answer(
    format,
    meta,
    profile.filings.map((f) => toExportRow(toFeedRow(f))),
    ticker,
  );
}

/** A search (its current page, as /filings shows it) as CSV or JSON. */
export async function searchExportResponse(
  format: ExportFormat,
  query: FilingsQuery,
  search: URLSearchParams,
): Promise<Response> {
  const clock = serviceClock();
  const [view, freshness] = await Promise.all([searchView(await getDb(), clock, query), dataFreshness()]);
  const qs = search.toString() ? `?${search}` : "";
  const meta: ExportMeta = {
    view: "search",
    page: `/filings${qs}`,
    asOf: clock.now().toISOString(),
    dataMode: freshness.mode,
    total: view.total,
  };
  return answer(
    format,
    meta,
    view.filings.map((f) => toExportRow(toFeedRow(f))),
  );
}
