import type { StudioScope } from "../scope";
import { sql } from "drizzle-orm";
import type { LeadStatus, LeadStatusCreateInput } from "@studio/contracts";
import { leadStatuses, type Db } from "@studio/db";
import { toLeadStatus } from "./lead-rows";
import { seedLeadStatuses } from "./lead-statuses";

/**
 * POST /v1/web/crm/statuses: seeds the built-ins if needed, then adds a custom status (key
 * null, not locked) one above the current maximum order. A per-studio transaction lock keeps
 * two racing creates from taking the same order.
 */
export async function createLeadStatus(
  db: Db,
  scope: StudioScope,
  input: LeadStatusCreateInput,
): Promise<LeadStatus> {
  const { studioId } = scope;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm-statuses:${studioId}`}))`);
    await seedLeadStatuses(tx, scope);
    const [row] = await tx
      .insert(leadStatuses)
      .values({
        studioId,
        key: null,
        label: input.label,
        color: input.color,
        locked: false,
        order: sql`(select coalesce(max(${leadStatuses.order}), 0) + 1 from ${leadStatuses} where ${leadStatuses.studioId} = ${studioId})`,
      })
      .returning();
    return toLeadStatus(row!);
  });
}
