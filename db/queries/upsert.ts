import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/** `excluded.<column>`: the value the conflicting insert proposed for a column. */
export function excluded(column: AnyPgColumn): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}

/**
 * The part of an upsert's `set` that takes each named column from the proposed row, by the
 * table's own column names (a list of `sql\`excluded.x\`` written by hand drifts from the schema).
 */
export function excludedColumns<T extends PgTable, K extends keyof T["_"]["columns"] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, excluded(columns[key] as AnyPgColumn)])) as Record<K, SQL>;
}
