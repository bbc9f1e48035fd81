import { z } from "zod";

/** Error codes of document 1 "Errors", with their HTTP status on the envelope lanes. */
export const ERROR_HTTP_STATUS = {
  VALIDATION: 422,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  APP_LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export const ErrorCodeSchema = z.enum(Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** `{ok:false, code, message, details?, requestId}` on every envelope lane. */
export const ErrorBodySchema = z
  .object({
    ok: z.literal(false),
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z.string(),
  })
  .meta({ id: "ErrorBody" });

/** Automation lane errors: `{success:false, message}`. */
export const AutomationErrorBodySchema = z
  .object({ success: z.literal(false), message: z.string() })
  .meta({ id: "AutomationErrorBody" });

/** One field problem in a VALIDATION error's details. */
export const FieldIssueSchema = z.object({ path: z.string(), message: z.string(), code: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/**
 * The one place zod issues become `{path, message, code}` (REST adapter and domain input
 * checks alike): the path joined with dots, zod's message and issue code.
 */
export function formatZodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
    code: issue.code,
  }));
}

/** The VALIDATION message for a list of issues: the first one, prefixed with its path. */
export function issuesMessage(issues: readonly FieldIssue[]): string {
  const first = issues[0];
  return first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "invalid input";
}
