import type { z } from "zod";
import { AppError } from "./errors";

/**
 * Validates input that reached a domain operation without passing a route's contract (CRM
 * convert, the automation lane, imports): the same VALIDATION error and details shape the
 * REST adapter gives a contract failure.
 */
export function parseDomainInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
    code: issue.code,
  }));
  const first = issues[0];
  throw new AppError(
    "VALIDATION",
    first ? `${first.path ? `${first.path}: ` : ""}${first.message}` : "invalid input",
    { issues },
  );
}
