import { asc, eq, sql } from "drizzle-orm";
import type { BuiltInLeadStatusKey } from "@studio/contracts";
import { leadStatuses, type DbOrTx } from "@studio/db";
import type { LeadStatusRow } from "./lead-rows";
import type { StudioScope } from "../scope";

/** The six built-in statuses (decisions.md "CRM"), in board order, locked. */
export const BUILT_IN_LEAD_STATUSES: ReadonlyArray<{
  key: BuiltInLeadStatusKey;
  label: string;
  color: string;
}> = [
  { key: "NEW", label: "ליד חדש", color: "#3b82f6" },
  { key: "CONTACTED", label: "נוצר קשר", color: "#f59e0b" },
  { key: "QUALIFIED", label: "מתעניין", color: "#8b5cf6" },
  { key: "PROPOSAL", label: "הצעה נשלחה", color: "#06b6d4" },
  { key: "WON", label: "נסגר", color: "#22c55e" },
  { key: "LOST", label: "לא נסגר", color: "#ef4444" },
];

export async function listLeadStatuses(db: DbOrTx, scope: StudioScope): Promise<LeadStatusRow[]> {
  const { studioId } = scope;
  return db
    .select()
    .from(leadStatuses)
    .where(eq(leadStatuses.studioId, studioId))
    .orderBy(asc(leadStatuses.order), asc(leadStatuses.createdAt), asc(leadStatuses.id));
}

/**
 * Seeds the built-ins when the studio has no status. Two racing first requests both insert;
 * the partial unique index on (studio_id, key) makes the second wait for the first and skip,
 * so one set exists.
 */
export async function seedLeadStatuses(db: DbOrTx, scope: StudioScope): Promise<void> {
  const { studioId } = scope;
  await db
    .insert(leadStatuses)
    .values(
      BUILT_IN_LEAD_STATUSES.map((s, i) => ({
        studioId,
        key: s.key,
        label: s.label,
        color: s.color,
        locked: true,
        order: i + 1,
      })),
    )
    .onConflictDoNothing({
      target: [leadStatuses.studioId, leadStatuses.key],
      where: sql`${leadStatuses.key} is not null`,
    });
}

/** The studio's statuses in board order, seeding the built-ins first when it has none. */
export async function ensureLeadStatuses(db: DbOrTx, scope: StudioScope): Promise<LeadStatusRow[]> {
  const rows = await listLeadStatuses(db, scope);
  if (rows.length > 0) return rows;
  await seedLeadStatuses(db, scope);
  return listLeadStatuses(db, scope);
}
