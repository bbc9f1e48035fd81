import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

const dialect = new PgDialect();

/**
 * preparedQuery for a raw statement (a `sql` template with `sql.placeholder`s): rendered to text
 * once per handle and prepared under `name`, then run with `.execute({ placeholder: value })`.
 * Drizzle otherwise renders a raw statement from its template on every run (~12% of a trainee
 * write's CPU, issue 30 item 5); it has no public call for this, hence its session's own.
 */
export function preparedStatement(db: DbOrTx, name: string, text: SQL) {
  return preparedQuery(db, name, (on) =>
    on._.session.prepareQuery(dialect.sqlToQuery(text), undefined, name, false),
  );
}
