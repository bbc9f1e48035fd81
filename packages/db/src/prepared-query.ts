import type { DbOrTx } from "./client";

const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot lookup's Drizzle query, built once per database handle (or open transaction) and then
 * executed with placeholders: Drizzle rebuilds a query's SQL from its builder on every run
 * (entity checks, column lists, parameter walk), the largest share of a small request's cost
 * (issue 16 profile). `name` identifies the query; `build` receives the handle to prepare on,
 * so a transaction's query runs inside that transaction.
 */
export function preparedQuery<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build(db)));
  return query;
}
