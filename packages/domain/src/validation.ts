import type { z } from "zod";
import { formatZodIssues, issuesMessage } from "@studio/contracts";
import { AppError } from "./errors";

/**
 * Validates input that reached a domain operation without passing a route's contract (CRM
 * convert, the automation lane, imports): the same VALIDATION error and details shape the
 * REST adapter gives a contract failure.
 */
export function parseDomainInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error);
  throw new AppError("VALIDATION", issuesMessage(issues), { issues });
}
