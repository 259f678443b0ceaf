import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  alertsPage,
  changeWatchlist,
  createWatchlist,
  listOwnWatchlists,
  recentDeliveries,
  removeWatchlist,
  testDelivery,
} from "@/lib/alerts/watchlists";
import { ApiError } from "@/lib/api/errors";
import {
  alertsQuery,
  alertsResponse,
  deliveriesResponse,
  signInChallenge,
  SIGN_IN_WITH_X,
  testDeliveryResponse,
  watchlistChange,
  watchlistCreate,
  watchlistPath,
  watchlistsResponse,
  watchlistWithSecret,
  type WatchlistDto,
} from "@/lib/interface";
import { signInChallengeForService } from "@/lib/payments";
import { freeTool, noInput, type Registration } from "./free-tools";
import { requestHeaders } from "./request-context";

const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const OVERWRITES = { ...WRITES, destructiveHint: true } as const;
/** A test delivery reaches the watchlist's own endpoint, outside this service. */
const CALLS_OUT = { ...WRITES, openWorldHint: true } as const;

/**
 * The bodies' fields in objects without their OpenAPI component ids: with an id, the JSON Schema
 * is a top-level `$ref`, and clients that read a tool's `properties` would see none.
 * update_watchlist takes the watchlist's id beside PATCH /v1/watchlists/{id}'s body.
 */
const createInput = z.object(watchlistCreate.shape).strict();
const updateInput = z.object({ ...watchlistPath.shape, ...watchlistChange.shape }).strict();
const deleted = z.object({ id: z.string(), deleted: z.literal(true) }).strict();

/**
 * The sign-in of a watchlist tool call: `_meta["sign-in-with-x"]`, where a paid tool takes one
 * for redelivery, checked by lib/alerts as the routes' header is. Missing, the error says where
 * it goes over MCP (lib/payments' own message names the HTTP header).
 */
function signInFrom(meta: Record<string, unknown> | undefined): unknown {
  const signIn = meta?.[SIGN_IN_WITH_X.mcpMeta];
  if (signIn === undefined || signIn === null) {
    throw new ApiError(
      "unauthorized",
      `Sign in: send a signed get_sign_in_challenge in params._meta["${SIGN_IN_WITH_X.mcpMeta}"].`,
    );
  }
  return signIn;
}

/**
 * The watchlist tools: each validates with its route's zod schema, calls the route's one
 * lib/alerts function with the call's sign-in, and answers the route's body.
 */
const WATCHLIST_TOOLS: Registration[] = [
  freeTool(
    "get_sign_in_challenge",
    { inputSchema: noInput, outputSchema: signInChallenge },
    async () => signInChallengeForService(requestHeaders()?.get("host") ?? null),
    ({ info }) =>
      `Sign this EIP-4361 challenge (nonce ${info.nonce}) before ${info.expirationTime}; send the signed payload in params._meta["${SIGN_IN_WITH_X.mcpMeta}"] of one watchlist tool call.`,
  ),
  freeTool(
    "list_watchlists",
    { inputSchema: noInput, outputSchema: watchlistsResponse },
    async (_, meta) => listOwnWatchlists(signInFrom(meta)),
    ({ wallet, watchlists, limit, credit }) =>
      [
        `${watchlists.length} of ${limit} watchlists of ${wallet}; alert credit ${credit}`,
        ...watchlists.map(watchlistLine),
      ].join("\n"),
  ),
  freeTool(
    "create_watchlist",
    { inputSchema: createInput, outputSchema: watchlistWithSecret, annotations: WRITES },
    async (input, meta) => createWatchlist(signInFrom(meta), input),
    watchlistText,
  ),
  freeTool(
    "update_watchlist",
    { inputSchema: updateInput, outputSchema: watchlistWithSecret, annotations: OVERWRITES },
    async ({ id, ...change }, meta) => changeWatchlist(signInFrom(meta), id, change),
    watchlistText,
  ),
  freeTool(
    "delete_watchlist",
    { inputSchema: watchlistPath, outputSchema: deleted, annotations: { ...OVERWRITES, idempotentHint: true } },
    async ({ id }, meta) => {
      await removeWatchlist(signInFrom(meta), id);
      return { id, deleted: true as const };
    },
    ({ id }) => `Deleted ${id}.`,
  ),
  freeTool(
    "list_watchlist_alerts",
    { inputSchema: alertsQuery, outputSchema: alertsResponse },
    async (query, meta) => alertsPage(signInFrom(meta), query),
    ({ alerts, nextCursor }) =>
      [
        `${alerts.length} alerts; next: cursor ${nextCursor}`,
        ...alerts.map(
          (a) =>
            `- ${a.matchedAt} rcptNo ${a.rcptNo} ${a.status}${a.filing ? `: ${a.filing.corpNameEn}: ${a.filing.reportNmEn} [${a.filing.eventType}, importance ${a.filing.importanceScore}]` : ""}`,
        ),
      ].join("\n"),
  ),
  freeTool(
    "list_watchlist_deliveries",
    { inputSchema: watchlistPath, outputSchema: deliveriesResponse },
    async ({ id }, meta) => recentDeliveries(signInFrom(meta), id),
    ({ deliveries }) =>
      [
        `${deliveries.length} delivery attempts, newest first`,
        ...deliveries.map(
          (d) =>
            `- ${d.attemptedAt} ${d.webhookId} attempt ${d.attempt}: ${d.statusCode ?? "no answer"}${d.error ? ` (${d.error})` : ""} in ${d.durationMs} ms`,
        ),
      ].join("\n"),
  ),
  freeTool(
    "send_test_delivery",
    { inputSchema: watchlistPath, outputSchema: testDeliveryResponse, annotations: CALLS_OUT },
    async ({ id }, meta) => testDelivery(signInFrom(meta), id),
    (t) =>
      `${t.webhookId}: ${t.delivered ? "delivered" : "not delivered"}, ${t.statusCode ?? "no answer"}${t.error ? ` (${t.error})` : ""} in ${t.durationMs} ms`,
  ),
];

export function registerWatchlistTools(server: McpServer): void {
  for (const register of WATCHLIST_TOOLS) register(server);
}

function watchlistLine(w: WatchlistDto): string {
  const filters = [
    w.tickers.length ? `tickers ${w.tickers.join(",")}` : "",
    w.eventTypes.length ? `types ${w.eventTypes.join(",")}` : "",
    w.minImportance > 1 ? `importance ≥ ${w.minImportance}` : "",
    w.markets.length ? `markets ${w.markets.join(",")}` : "",
    w.audiences.length ? `audiences ${w.audiences.join(",")}` : "",
    w.titleWords.length ? `title words ${w.titleWords.join(",")}` : "",
  ].filter(Boolean);
  const push = w.disabled ? `disabled: ${w.disabled.reason}` : (w.webhookUrl ?? "no webhook");
  return `- ${w.id}${w.name ? ` "${w.name}"` : ""}: ${filters.join("; ") || "every filing"}; ${push}; Atom ${w.atomUrl}`;
}

function watchlistText(w: z.infer<typeof watchlistWithSecret>): string {
  return [watchlistLine(w), ...(w.secret ? [`Signing secret (shown once): ${w.secret}`] : [])].join("\n");
}
