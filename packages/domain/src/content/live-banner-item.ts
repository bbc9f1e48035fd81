import type { TraineeContentItem } from "@studio/contracts";
import { contentItems, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { liveBannerItemOf } from "./content-conditions";
import { toTraineeContentItem, traineeItemSelection } from "./content-record";

/**
 * The content item of the studio's live home banner under document 2's visibility rules (opens
 * even when unpublished; a restricted item only once unlocked for this trainee), or null: no
 * banner, not live, no item, or an item this trainee may not open. One statement.
 */
export async function loadLiveBannerItem(db: Db, scope: TraineeScope): Promise<TraineeContentItem | null> {
  const [row] = await db
    .select(traineeItemSelection(scope.actor.clientId))
    .from(contentItems)
    .where(liveBannerItemOf(scope))
    .limit(1);
  return row ? toTraineeContentItem(row) : null;
}
