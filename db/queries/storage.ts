import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** Cached filing bodies and the bytes their text takes as stored (compressed, TOAST included). */
export async function cachedBodyBytes(db: Db): Promise<{ bodies: number; bytes: number }> {
  const result = (await db.execute(
    sql`select count(*)::int as bodies, coalesce(sum(pg_column_size(text)), 0)::bigint as bytes
        from filing_documents where status = 'ok'`,
  )) as unknown as { rows: { bodies: number; bytes: string | number }[] };
  const row = result.rows[0];
  return { bodies: Number(row?.bodies ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Deletes cached bodies until those kept take at most `keepBytes`, keeping first the ones whose
 * summary is not written yet (a summary would need its body again: another DART call), newest
 * fetch first; bodies already summarised go first (the summary is served from its own row).
 * "No file" answers are kept: they are tiny and spare DART a call. A deleted body is fetched
 * again if it is ever needed. Returns how many were deleted.
 */
export async function evictCachedBodies(db: Db, keepBytes: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from filing_documents where rcpt_no in (
      select rcpt_no from (
        select d.rcpt_no, sum(pg_column_size(d.text)) over (
          order by (s.rcpt_no is not null), d.fetched_at desc, d.rcpt_no desc
        ) as running
        from filing_documents d left join summaries s on s.rcpt_no = d.rcpt_no
        where d.status = 'ok'
      ) ranked where running > ${keepBytes}
    )`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
