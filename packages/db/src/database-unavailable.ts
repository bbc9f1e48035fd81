import postgres from "postgres";
import { errorCode, isUnavailableSqlState, SQLSTATE } from "./sqlstate";

/** The database cannot be reached right now (the outage gate's refusal; the API answers 503). */
export class DatabaseUnavailableError extends Error {
  constructor(message = "database unavailable", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** Driver and socket codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

function isUnavailableCode(code: string | undefined): boolean {
  if (!code) return false;
  return CONNECTION_CODES.has(code) || isUnavailableSqlState(code);
}

/**
 * True when `error` (or one of its causes) means the database cannot be reached right now:
 * connection refused, reset, closed or timed out, an admin or crash shutdown (57P01, 57P02),
 * a server starting or stopping (57P03), too many connections (53300), any connection
 * exception (class 08), or this module's DatabaseUnavailableError (pool exhausted, outage).
 * The API answers these with 503 SERVICE_UNAVAILABLE.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (e instanceof DatabaseUnavailableError) return true;
    if (isUnavailableCode(errorCode(e))) return true;
  }
  return false;
}

/** A probe failure that means an outage; a server that answers with an error is up (53300, auth). */
export function isOutage(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = errorCode(error);
  if (error instanceof postgres.PostgresError)
    return code !== SQLSTATE.tooManyConnections && isUnavailableCode(code);
  return true; // socket errors, timeouts, anything but an answer from the server
}
