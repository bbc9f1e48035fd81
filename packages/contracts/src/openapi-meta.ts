import type { z } from "zod";

/**
 * Marks an input field the API reads but the OpenAPI document leaves out (issue 26 item 11): a
 * field the spec does not list as an input, kept in the schema only so that sending it answers
 * what the spec requires (a PATCH that refuses statusId with VALIDATION, a template PATCH that
 * refuses a type change). The document generator drops properties carrying this key.
 */
export const UNDOCUMENTED_INPUT = "x-undocumented-input";

export const undocumentedInput = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ [UNDOCUMENTED_INPUT]: true }) as T;
