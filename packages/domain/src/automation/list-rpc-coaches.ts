import { and, asc, eq } from "drizzle-orm";
import type { AutomationOption } from "@studio/contracts";
import { coaches, type Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { nameOrder } from "./name-order";

/**
 * `GET /v1/automation/rpc/coaches`: the studio's active coaches (dismissed ones left out)
 * ordered by name, case-insensitive (then id), as options of id and value the coach's name. The ids are those
 * the lane's coachIds and coachId fields take. A plain array: no pagination.
 */
export async function listRpcCoaches(db: Db, scope: ApiKeyScope): Promise<AutomationOption[]> {
  return db
    .select({ id: coaches.id, value: coaches.name })
    .from(coaches)
    .where(and(eq(coaches.studioId, scope.studioId), eq(coaches.active, true)))
    .orderBy(...nameOrder(coaches.name), asc(coaches.id));
}
