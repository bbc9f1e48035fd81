import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@studio/db";

/** Page numbers (web lane) or limit/offset (automation lane). */
export type ListWindow = { page: number; pageSize: number } | { limit: number; offset: number };

export const windowOf = (w: ListWindow): { limit: number; offset: number } =>
  "page" in w
    ? { limit: w.pageSize, offset: (w.page - 1) * w.pageSize }
    : { limit: w.limit, offset: w.offset };

/**
 * One page of rows and the total of the same filter, in two parallel queries: the one way a
 * paged list (`{items, total}`) is read. `rows` receives the window to apply.
 */
export async function selectPage<TRow>(
  db: DbOrTx,
  window: ListWindow,
  query: {
    table: PgTable;
    where: SQL | undefined;
    rows: (page: { limit: number; offset: number }) => Promise<TRow[]>;
  },
): Promise<{ rows: TRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    query.rows(windowOf(window)),
    db.select({ total: count() }).from(query.table).where(query.where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
