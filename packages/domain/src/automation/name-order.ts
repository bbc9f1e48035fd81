import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The dropdowns' and template list's name order: case-insensitive, then exact, by code point
 * (collation "C", so the order is the same on every database; Hebrew letters are in alphabetical
 * order in Unicode). listRpcTags sorts the same way in code.
 */
export const nameOrder = (name: AnyColumn): SQL[] => [
  asc(sql`lower(${name}) collate "C"`),
  asc(sql`${name} collate "C"`),
];
