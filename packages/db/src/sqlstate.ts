/**
 * PostgreSQL error codes (SQLSTATE, https://www.postgresql.org/docs/current/errcodes-appendix.html)
 * read in one place: the API's error mapping, the outage gate and the domain operations that
 * turn a constraint the database arbitrates into their own answer.
 */
export const SQLSTATE = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  /** An exclusion constraint (e.g. calendar_events_no_overlap). */
  exclusionViolation: "23P01",
  /** statement_timeout or a cancelled query. */
  queryCanceled: "57014",
  adminShutdown: "57P01",
  crashShutdown: "57P02",
  cannotConnectNow: "57P03",
  tooManyConnections: "53300",
} as const;

export type KnownSqlState = (typeof SQLSTATE)[keyof typeof SQLSTATE];

/** The `code` an error object carries: a SQLSTATE, or a driver's or Node's code (ECONNREFUSED, CONNECTION_CLOSED). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/**
 * The SQLSTATE of a PostgreSQL server error (postgres.js PostgresError or PGlite's DatabaseError:
 * a five-character code beside a severity); undefined for anything else. This error only, not its causes.
 */
export function sqlState(error: unknown): string | undefined {
  const code = errorCode(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) && "severity" in (error as object)
    ? code
    : undefined;
}

/** True when the error or one of its causes (Drizzle wraps the driver's error) has this SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === "object" && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    if (sqlState(e) === state) return true;
  }
  return false;
}

/** A unique-key violation (23505), through the driver's and Drizzle's error wrappers. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, SQLSTATE.uniqueViolation);

/** A foreign-key violation (23503), through the driver's and Drizzle's error wrappers. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  hasSqlState(error, SQLSTATE.foreignKeyViolation);

/** An exclusion-constraint violation (23P01), through the driver's and Drizzle's error wrappers. */
export const isExclusionViolation = (error: unknown): boolean =>
  hasSqlState(error, SQLSTATE.exclusionViolation);

const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  SQLSTATE.adminShutdown,
  SQLSTATE.crashShutdown,
  SQLSTATE.cannotConnectNow,
  SQLSTATE.tooManyConnections,
]);

/**
 * A code that means the server is going away or not taking connections: an admin or crash
 * shutdown (57P01, 57P02), a server starting or stopping (57P03), too many connections (53300),
 * any connection exception (class 08).
 */
export function isUnavailableSqlState(code: string | undefined): boolean {
  return code !== undefined && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}
