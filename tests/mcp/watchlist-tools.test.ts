/**
 * The watchlist tools over /mcp with each official client line (@modelcontextprotocol/client 2.x
 * and @modelcontextprotocol/sdk 1.x, which checks results against the listed outputSchema), signed
 * in as a paid tool's redelivery is: a challenge from get_sign_in_challenge, signed by
 * @x402/extensions' client, in `_meta["sign-in-with-x"]`. Real parts: the /mcp route handler,
 * the app's database, a webhook receiver verifying with the Standard Webhooks library. Payments
 * are not involved: the facilitator named is never called (an EOA's sign-in is checked locally).
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { createSIWxPayload } from "@x402/extensions/sign-in-with-x";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/database";
import { resetEnv } from "@/lib/env";
import { storeFilings } from "@/lib/filing-store";
import { signInChallenge } from "@/lib/interface/schemas";
import type { PayingMcpClient } from "@/dev/pay";
import { useFreshAppDatabase } from "../support/app";
import { startReceiver, type Receiver } from "../../dev/support/webhook-receiver";
import { errorBodyOf, mcpClient, rawCall } from "./support";

const BASE = "http://localhost:3000";
const ENV = { FACILITATOR_URL: "http://127.0.0.1:9/never-called", X402_PAY_TO: `0x${"22".repeat(20)}` };

let close: () => Promise<void>;
let receiver: Receiver;
beforeAll(async () => {
  close = await useFreshAppDatabase();
  Object.assign(process.env, ENV, { WEBHOOK_LOCAL_RECEIVERS: "true" });
  resetEnv();
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  await receiver.close();
  for (const name of [...Object.keys(ENV), "WEBHOOK_LOCAL_RECEIVERS"]) delete process.env[name];
  resetEnv();
  await close();
});

/** Text of a result (an error's body is JSON in it). */
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe.each([1, 2] as const)("the watchlist tools with the SDK %i.x client", (sdk) => {
  let mcp: PayingMcpClient;
  beforeAll(async () => {
    mcp = await mcpClient(undefined, undefined, { sdk });
  });
  afterAll(() => mcp.close());

  /** A signed sign-in for `key` in `_meta`, from the tool's own challenge (each signs in one call). */
  async function signedIn(key: Hex): Promise<Record<string, unknown>> {
    const challenge = await rawCall(mcp, "get_sign_in_challenge", {});
    expect(challenge.isError).toBeFalsy();
    const { info, supportedChains } = signInChallenge.parse(challenge.structuredContent);
    const signed = { ...info, chainId: supportedChains[0].chainId, type: supportedChains[0].type };
    return { "sign-in-with-x": await createSIWxPayload(signed, privateKeyToAccount(key), `${BASE}/`) };
  }
  const as = async (key: Hex, name: string, args: Record<string, unknown>) =>
    rawCall(mcp, name, args, await signedIn(key));

  /** Today's (KST) filings of 005930 with receipt numbers of this client line's own. */
  async function storeSamsungFilings(count: number): Promise<string[]> {
    const now = new Date();
    const day = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
    const rows = Array.from({ length: count }, (_, i) => ({
      rcept_no: `${day}${sdk}9000${i}`,
      rcept_dt: day,
      corp_code: "00126380",
      corp_name: "삼성전자",
      stock_code: "005930",
      report_nm: "단일판매ㆍ공급계약체결",
    }));
    await storeFilings(await getDb(), rows, now);
    return rows.map((r) => r.rcept_no);
  }

  it("are listed with their routes' schemas, beside a free sign-in challenge", async () => {
    const { tools } = await mcp.client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of [
      "get_sign_in_challenge",
      "list_watchlists",
      "create_watchlist",
      "update_watchlist",
      "delete_watchlist",
      "list_watchlist_alerts",
      "list_watchlist_deliveries",
      "send_test_delivery",
    ]) {
      expect(byName[name]?.outputSchema, name).toMatchObject({ type: "object" });
    }
    expect(byName.create_watchlist.inputSchema.properties).toMatchObject({
      minImportance: { type: "integer", minimum: 1, maximum: 10 },
    });
    expect(byName.update_watchlist.inputSchema).toMatchObject({
      properties: { id: { pattern: "^wl_[0-9a-f]{24}$" }, rotateSecret: { const: true } },
      required: ["id"],
    });
    expect(byName.list_watchlist_alerts.inputSchema.required).toEqual(["watchlist"]);
    expect(byName.list_watchlists.annotations?.readOnlyHint).toBe(true);
    expect(byName.create_watchlist.annotations?.readOnlyHint).toBe(false);
    expect(byName.delete_watchlist.annotations?.destructiveHint).toBe(true);
    expect(byName.send_test_delivery.annotations?.openWorldHint).toBe(true);
  });

  it("create → list → alerts → change → test → delete, for the signed-in wallet only", async () => {
    const owner = generatePrivateKey();
    const created = await as(owner, "create_watchlist", {
      name: "Samsung",
      tickers: ["005930"],
      webhookUrl: receiver.url,
    });
    expect(created.isError, textOf(created)).toBeFalsy();
    const watchlist = created.structuredContent as { id: string; secret: string; atomUrl: string };
    expect(watchlist).toMatchObject({ name: "Samsung", tickers: ["005930"], minImportance: 1, disabled: null });
    expect(watchlist.secret).toMatch(/^whsec_/);
    expect(watchlist.atomUrl).toMatch(
      new RegExp(`^${BASE}/feeds/watchlists/${watchlist.id}\\.atom\\?token=[\\w-]{43}$`),
    );
    expect(textOf(created)).toContain(watchlist.secret);
    const { id } = watchlist;

    const listed = await as(owner, "list_watchlists", {});
    expect(listed.structuredContent).toMatchObject({
      wallet: privateKeyToAccount(owner).address,
      limit: 20,
      credit: 0,
      watchlists: [{ id, atomUrl: watchlist.atomUrl }],
    });
    expect(JSON.stringify(listed)).not.toContain(watchlist.secret);

    const rcptNos = await storeSamsungFilings(3);
    const first = await as(owner, "list_watchlist_alerts", { watchlist: id, limit: 2 });
    expect(first.isError, textOf(first)).toBeFalsy();
    const page = first.structuredContent as { alerts: { rcptNo: string; filing: unknown }[]; nextCursor: string };
    expect(page.alerts.map((a) => a.rcptNo)).toEqual(rcptNos.slice(0, 2));
    expect(page.alerts[0]).toMatchObject({ status: "pending", filing: { ticker: "005930", rcptNo: rcptNos[0] } });
    const rest = await as(owner, "list_watchlist_alerts", { watchlist: id, cursor: page.nextCursor });
    expect((rest.structuredContent as typeof page).alerts.map((a) => a.rcptNo)).toEqual([rcptNos[2]]);

    const changed = await as(owner, "update_watchlist", { id, minImportance: 3, rotateSecret: true });
    expect(changed.isError, textOf(changed)).toBeFalsy();
    const rotated = changed.structuredContent as typeof watchlist;
    expect(rotated).toMatchObject({ id, minImportance: 3, tickers: ["005930"] });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(watchlist.secret);
    expect(rotated.atomUrl).not.toBe(watchlist.atomUrl);

    receiver.setSecret(rotated.secret);
    const tested = await as(owner, "send_test_delivery", { id });
    expect(tested.structuredContent).toMatchObject({ delivered: true, statusCode: 204, error: null });
    const webhookId = (tested.structuredContent as { webhookId: string }).webhookId;
    expect(receiver.deliveries.find((d) => d.id === webhookId)?.verified).toBe(true);
    const attempts = await as(owner, "list_watchlist_deliveries", { id });
    expect(attempts.structuredContent).toEqual({ watchlist: id, deliveries: [] });

    const removed = await as(owner, "delete_watchlist", { id });
    expect(removed.structuredContent).toEqual({ id, deleted: true });
    expect((await as(owner, "list_watchlists", {})).structuredContent).toMatchObject({ watchlists: [] });
    const gone = await as(owner, "list_watchlist_alerts", { watchlist: id });
    expect(gone.isError).toBe(true);
    expect(errorBodyOf(gone)).toMatchObject({ error: "not_found" });
  });

  it("another wallet's watchlist is not_found for every tool, and stays unchanged", async () => {
    const [owner, stranger] = [generatePrivateKey(), generatePrivateKey()];
    const { id } = (await as(owner, "create_watchlist", { tickers: ["005930"] })).structuredContent as { id: string };
    for (const [name, args] of [
      ["update_watchlist", { id, minImportance: 9 }],
      ["delete_watchlist", { id }],
      ["list_watchlist_alerts", { watchlist: id }],
      ["list_watchlist_deliveries", { id }],
      ["send_test_delivery", { id }],
    ] as const) {
      const answer = await as(stranger, name, args);
      expect(answer.isError, name).toBe(true);
      expect(errorBodyOf(answer), name).toMatchObject({ error: "not_found" });
    }
    expect((await as(stranger, "list_watchlists", {})).structuredContent).toMatchObject({ watchlists: [] });
    const mine = (await as(owner, "list_watchlists", {})).structuredContent as { watchlists: unknown[] };
    expect(mine.watchlists).toEqual([expect.objectContaining({ id, minImportance: 1 })]);
  });

  it("a missing, malformed or replayed sign-in is a tool error saying so, never an internal error", async () => {
    const key = generatePrivateKey();
    const none = await rawCall(mcp, "list_watchlists", {});
    expect(none.isError).toBe(true);
    expect(errorBodyOf(none)).toMatchObject({ error: "unauthorized", message: expect.stringContaining("_meta") });

    const valid = (await signedIn(key))["sign-in-with-x"] as Record<string, unknown>;
    for (const proof of ["not a sign-in", 42, { ...valid, version: "2" }, { ...valid, nonce: "short" }]) {
      const answer = await rawCall(mcp, "list_watchlists", {}, { "sign-in-with-x": proof });
      expect(answer.isError, JSON.stringify(proof)).toBe(true);
      const body = errorBodyOf(answer);
      expect(body, JSON.stringify(proof)).toMatchObject({ error: "validation_failed" });
      expect((body.details as { field: string; message: string }[])[0]).toMatchObject({
        field: "SIGN-IN-WITH-X",
        message: expect.stringContaining("invalid_siwx_payload"),
      });
    }
    // None of those used the nonce up; the valid one signs in once.
    expect((await rawCall(mcp, "list_watchlists", {}, { "sign-in-with-x": valid })).isError).toBeFalsy();
    const replayed = await rawCall(mcp, "list_watchlists", {}, { "sign-in-with-x": valid });
    expect(errorBodyOf(replayed)).toMatchObject({
      error: "unauthorized",
      message: expect.stringContaining("invalid_siwx_nonce"),
    });
  });

  it("invalid filters and ids are tool errors naming the field, and create nothing", async () => {
    const key = generatePrivateKey();
    for (const [name, args, field] of [
      ["create_watchlist", { tickers: ["ABC"] }, "tickers.0"],
      ["create_watchlist", { eventTypes: ["NOT_A_TYPE"] }, "eventTypes.0"],
      ["create_watchlist", { minImportance: 11 }, "minImportance"],
      ["create_watchlist", { markets: ["NYSE"] }, "markets.0"],
      ["create_watchlist", { webhookUrl: "ftp://example.com/" }, "webhookUrl"],
      ["create_watchlist", { colour: "red" }, "colour"],
      ["update_watchlist", { id: "nope", name: "x" }, "id"],
      ["update_watchlist", { id: `wl_${"0".repeat(24)}`, enabled: false }, "enabled"],
      ["list_watchlist_alerts", { watchlist: `wl_${"0".repeat(24)}`, cursor: "later" }, "cursor"],
      ["list_watchlist_alerts", {}, "watchlist"],
    ] as const) {
      const answer = await as(key, name, args);
      expect(answer.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(answer)).toMatch(/validation/i);
      expect(textOf(answer)).toContain(field);
    }
    // Refused by the SSRF guard outside local mode: the service's own 400 body, naming the field.
    process.env.WEBHOOK_LOCAL_RECEIVERS = "false";
    resetEnv();
    try {
      const privateTarget = await as(key, "create_watchlist", { webhookUrl: "https://10.0.0.1/hook" });
      expect(errorBodyOf(privateTarget)).toMatchObject({
        error: "validation_failed",
        details: [{ field: "webhookUrl" }],
      });
    } finally {
      process.env.WEBHOOK_LOCAL_RECEIVERS = "true";
      resetEnv();
    }
    expect((await as(key, "list_watchlists", {})).structuredContent).toMatchObject({ watchlists: [] });
  });
});
