import { gte, lte, type AnyColumn, type SQL } from "drizzle-orm";
import { clients, type DbOrTx } from "@studio/db";
import type { RawTrackingQuery } from "@studio/contracts";
import type { StudioScope } from "../scope";
import { loadLiveTrainee } from "../clients/live-trainee";

/**
 * The trainee of a raw tracking list (document 2 "Raw tracking lists"): a live trainee of the
 * caller's studio, else NOT_FOUND client not found. Coach permission scoping is NOT applied here.
 */
export async function assertRawListClient(db: DbOrTx, scope: StudioScope, clientId: string): Promise<void> {
  await loadLiveTrainee(db, scope, clientId, { reach: false, select: { id: clients.id } });
}

/** from/to (inclusive) on a date column or on a stored day key. */
export function dayWindow(column: AnyColumn, query: RawTrackingQuery): SQL[] {
  return [
    ...(query.from !== undefined ? [gte(column, query.from)] : []),
    ...(query.to !== undefined ? [lte(column, query.to)] : []),
  ];
}

export const pageOffset = (query: RawTrackingQuery): number => (query.page - 1) * query.pageSize;
