import { and, eq } from "drizzle-orm";
import { weightEntries, type DbOrTx } from "@studio/db";
import { forbidden, notFound } from "../errors";
import type { TraineeScope } from "../scope";
import type { WeightEntryRow } from "./weight-entry-record";
import { isAppWeighIn } from "./weight-source";

/**
 * A weigh-in of the signed-in trainee that the app may change, locked for the transaction.
 * Unknown, another trainee's or another studio's id: NOT_FOUND weight entry not found. The
 * trainee's own weigh-in from another source (coach, form, automation, import): FORBIDDEN
 * with details.reason NOT_EDITABLE (docs/decisions/tracking.md "Trainee tracking").
 */
export async function loadAppWeighIn(
  tx: DbOrTx,
  scope: TraineeScope,
  clientId: string,
  id: string,
): Promise<WeightEntryRow> {
  const [row] = await tx
    .select()
    .from(weightEntries)
    .where(
      and(
        eq(weightEntries.id, id),
        eq(weightEntries.clientId, clientId),
        eq(weightEntries.studioId, scope.studioId),
      ),
    )
    .limit(1)
    .for("update");
  if (!row) throw notFound("weight entry");
  if (!isAppWeighIn(row.source)) {
    throw forbidden("only weigh-ins logged in the app can be changed", { reason: "NOT_EDITABLE" });
  }
  return row;
}
