/**
 * The rows of a raw `db.execute(sql)` whatever the driver: postgres.js answers the row array
 * itself, PGlite (the embedded default) answers `{ rows }`. Every raw read goes through this
 * so a query written against one driver cannot break the other.
 */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
