/**
 * Migration 0008 (summaries composed from frames) on a database holding summaries written
 * before it: a model's prose under an earlier prompt is dropped, to be planned again from the
 * frames; the offline generator's summaries, and any a model planned from the frames, stay.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATION_BACKENDS, MIGRATIONS, migrationsBefore } from "../support/migrations";

describe.each(MIGRATION_BACKENDS)("0008_summaries_from_frames on %s", (_name, open) => {
  it("drops the summaries a model wrote as prose, and keeps the rest", async () => {
    const before = await migrationsBefore("0008_summaries_from_frames");
    const database = await open();
    try {
      await database.migrate(before);
      const rows = [
        ["20260101000001", "gpt-4o-mini", "summary-v4-facts"],
        ["20260101000002", "offline-facts-v3", "summary-v4-facts"],
        ["20260101000003", "gpt-4o-mini", "summary-v5-frames"],
      ];
      for (const [rcptNo, modelId, promptVersion] of rows) {
        await database.query(sql`
          insert into filings (rcpt_no, corp_code, corp_name, report_nm, rcept_dt, first_seen_at, feed_at,
            event_type, report_nm_en, importance_score, numeric_expectation, actionable_for, classifier_version)
          values (${rcptNo}, '00126380', '삼성전자', '단일판매ㆍ공급계약체결', '2026-01-01', now(), now(),
            'SUPPLY_CONTRACT', 'Single Sales or Supply Contract', 5, 'HIGH', '{traders}', 1)`);
        await database.query(sql`
          insert into summaries (rcpt_no, summary_en, importance_score, sector_tags, ticker_tags, actionable_for,
            basis, model_id, prompt_version, template, facts)
          values (${rcptNo}, 'Samsung Electronics won a contract.', 5, '{}', '{}', '{}', 'body', ${modelId},
            ${promptVersion}, '{company} won a contract.', '{"facts": []}'::jsonb)`);
      }
      await database.migrate(MIGRATIONS);
      const kept = await database.query(sql`select rcpt_no from summaries order by rcpt_no`);
      expect(kept.map((r) => r.rcpt_no)).toEqual(["20260101000002", "20260101000003"]);
      expect(await database.query(sql`select count(*)::int as n from filings`)).toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
