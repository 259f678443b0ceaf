/**
 * Migration 0003 (the ledger written ahead of settlement) on a database holding rows of the
 * ledger before it: each stays a settled payment of what it bought. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATION_BACKENDS, MIGRATIONS, migrationsBefore } from "../support/migrations";

describe.each(MIGRATION_BACKENDS)("0003_write_ahead_ledger on %s", (_name, open) => {
  it("keeps every earlier payment as settled, with what it bought", async () => {
    const before = await migrationsBefore("0003_write_ahead_ledger");
    const database = await open();
    try {
      await database.migrate(before);
      await database.query(sql`
          insert into payments (network, tx_hash, payer, pay_to, asset, amount, endpoint, params, delivered, settled_at)
          values
            ('eip155:8453', '0x01', '0xAbC0000000000000000000000000000000000001', '0xp', '0xa', 5000,
             '/v1/disclosures/summary', '{"rcptNo":"20260730800123"}', '["20260730800123"]', '2026-07-01T00:00:00Z'),
            ('eip155:8453', '0x02', '0xAbC0000000000000000000000000000000000001', '0xp', '0xa', 10000,
             'mcp://tool/get_latest_summaries_for_ticker', '{"ticker":"005930","limit":2}',
             '["20260424000778","20220816001711"]', '2026-07-02T00:00:00Z')`);
      await database.migrate(MIGRATIONS);

      const rows = await database.query(
        sql`select tx_hash, status, paid_endpoint, recorded_at, settled_at, nonce from payments order by tx_hash`,
      );
      expect(rows).toMatchObject([
        { tx_hash: "0x01", status: "settled", paid_endpoint: "get-summary", nonce: null },
        { tx_hash: "0x02", status: "settled", paid_endpoint: "get-by-ticker", nonce: null },
      ]);
      for (const row of rows) expect(String(row.recorded_at)).toBe(String(row.settled_at));
      const byWallet = await database.query(
        sql`select count(*)::int as n from payments where lower(payer) = lower('0xabc0000000000000000000000000000000000001')`,
      );
      expect(byWallet).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
