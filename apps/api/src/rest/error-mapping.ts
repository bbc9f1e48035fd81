import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import {
  ERROR_HTTP_STATUS,
  formatZodIssues,
  issuesMessage,
  type ErrorCode,
  type FieldIssue,
} from "@studio/contracts";
import { AppError } from "@studio/domain";
import { KvUnavailableError } from "@studio/kv";
import { isDatabaseUnavailable, sqlState, SQLSTATE } from "@studio/db";

export interface MappedError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  /** HTTP status on the envelope lanes (413 keeps code BAD_REQUEST). */
  status: number;
  /** Unexpected failures are logged with the request id; expected ones are not. */
  unexpected: boolean;
}

const mapped = (
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  status?: number,
): MappedError => ({
  code,
  message,
  details,
  status: status ?? ERROR_HTTP_STATUS[code],
  unexpected: code === "INTERNAL",
});

export const validationError = (error: ZodError): MappedError => {
  const issues = formatZodIssues(error);
  return mapped("VALIDATION", issuesMessage(issues), { issues });
};

/**
 * PostgreSQL data errors: the last line of defence when a value the contracts let through
 * cannot be stored or compared (the contracts bound every field, so these should not occur).
 * The answer names the kind of problem, never the value, the column or the SQL.
 */
const DATA_ERRORS: Record<string, string> = {
  "22P05": "a text value contains a character that cannot be stored (such as NUL)",
  "22021": "a text value contains a character that cannot be stored (such as NUL)",
  "22003": "a number is out of range",
  "22008": "a date or time is out of range",
  "22007": "a date or time is not valid",
  "22P02": "a value has an invalid format",
  "22001": "a value is too long",
  "54000": "a value is too long",
};

function dataError(message: string): MappedError {
  const issues: FieldIssue[] = [{ path: "", message, code: "invalid_value" }];
  return mapped("VALIDATION", message, { issues });
}

/**
 * The one place errors become codes: AppError keeps its code; zod input failures are
 * VALIDATION 422; unique violations CONFLICT; foreign-key violations CONFLICT "related
 * resource constraint failed"; PostgreSQL data errors (NUL, out-of-range numbers and dates,
 * over-long values) VALIDATION; anything else INTERNAL (never with a stack in the body).
 */
export function mapError(error: unknown): MappedError {
  let inputFailure = false;
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (e instanceof AppError) return mapped(e.code, e.message, e.details);
    if (e instanceof KvUnavailableError)
      return mapped("SERVICE_UNAVAILABLE", "a required service is unavailable");
    if (isDatabaseUnavailable(e)) return mapped("SERVICE_UNAVAILABLE", "database unavailable");
    // tRPC reports input-parser failures as BAD_REQUEST with the ZodError as cause; an output
    // validation failure is INTERNAL_SERVER_ERROR and must stay a server error.
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") inputFailure = true;
    if (e instanceof ZodError)
      return inputFailure ? validationError(e) : mapped("INTERNAL", "internal error");
    const state = sqlState(e);
    if (state === SQLSTATE.uniqueViolation) return mapped("CONFLICT", "unique constraint failed");
    if (state === SQLSTATE.foreignKeyViolation)
      return mapped("CONFLICT", "related resource constraint failed");
    if (state === SQLSTATE.queryCanceled) return mapped("SERVICE_UNAVAILABLE", "the request took too long");
    if (state && Object.hasOwn(DATA_ERRORS, state)) return dataError(DATA_ERRORS[state]!);
  }
  if (error instanceof TRPCError) {
    switch (error.code) {
      case "UNAUTHORIZED":
        return mapped("UNAUTHORIZED", error.message);
      case "FORBIDDEN":
        return mapped("FORBIDDEN", error.message);
      case "NOT_FOUND":
        return mapped("NOT_FOUND", error.message);
      case "BAD_REQUEST":
      case "PARSE_ERROR":
        return mapped("BAD_REQUEST", error.message);
      case "TOO_MANY_REQUESTS":
        return mapped("RATE_LIMITED", error.message);
      default:
        break;
    }
  }
  return mapped("INTERNAL", "internal error");
}

/**
 * Automation lane statuses (document 3 "Response envelope"): validation and not-found are 400;
 * BAD_REQUEST keeps 413 (body over the limit) and 405 (method not allowed) like every lane.
 */
export function automationStatus(code: ErrorCode, status: number): number {
  switch (code) {
    case "VALIDATION":
    case "NOT_FOUND":
    case "BAD_REQUEST":
      return status === 413 || status === 405 ? status : 400;
    default:
      return ERROR_HTTP_STATUS[code];
  }
}
