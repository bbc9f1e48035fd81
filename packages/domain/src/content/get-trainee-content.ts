import type { TraineeContentItem } from "@studio/contracts";
import { contentItems, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { visibleByIdToTrainee } from "./content-conditions";
import { toTraineeContentItem, traineeItemSelection } from "./content-record";
import { assertSignedInTrainee } from "./trainee-content-access";

/**
 * GET /v1/trainee/content/:id: one item in the list shape under the visibility rule, where the
 * live home banner's item opens even when unpublished (the restricted check still applies).
 * NOT_FOUND "content item not found" when invisible or missing.
 */
export async function getTraineeContent(
  db: Db,
  scope: TraineeScope,
  input: { id: string },
): Promise<TraineeContentItem> {
  const [, [row]] = await Promise.all([
    assertSignedInTrainee(db, scope),
    db
      .select(traineeItemSelection(scope.actor.clientId))
      .from(contentItems)
      .where(visibleByIdToTrainee(scope, input.id))
      .limit(1),
  ]);
  if (!row) throw notFound("content item");
  return toTraineeContentItem(row);
}
