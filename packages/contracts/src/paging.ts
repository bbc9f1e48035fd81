import { z } from "zod";

/** Query numbers arrive as strings over REST and as numbers from typed callers. */
const queryInt = z.coerce.number().int();

/** Paging query of document 1: positive integers, pageSize at most 500, defaults 1 and 20. */
export const pagingQuery = (defaultPageSize = 20) => ({
  page: queryInt.positive().default(1),
  pageSize: queryInt.positive().max(500).default(defaultPageSize),
});
export const PagingQuerySchema = z.object(pagingQuery());
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

/** Paged list payload: `data.items` and `data.total` (all matching rows); page is not echoed. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/**
 * A boolean query flag read strictly ("true"/"1" and "false"/"0"), unlike z.coerce.boolean
 * which reads "false" as true. Endpoints whose documented quirk differs define their own.
 */
export const queryBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);
