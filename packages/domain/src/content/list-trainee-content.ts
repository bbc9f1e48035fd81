import { and } from "drizzle-orm";
import type { ContentListQuery, TraineeContentList } from "@studio/contracts";
import { contentItems, type Db } from "@studio/db";
import { selectPage } from "../paging";
import type { TraineeScope } from "../scope";
import { visibleInTraineeList } from "./content-conditions";
import { toTraineeContentItem, traineeItemSelection } from "./content-record";
import { contentListFilters, contentListOrder } from "./list-content";
import { assertSignedInTrainee } from "./trainee-content-access";

/**
 * GET /v1/trainee/content: what the trainee may see (document 2 "Visibility to trainees"),
 * sortOrder then newest first; total counts every match. No category, tag or featured filter.
 */
export async function listTraineeContent(
  db: Db,
  scope: TraineeScope,
  query: ContentListQuery,
): Promise<TraineeContentList> {
  const where = and(visibleInTraineeList(scope), ...contentListFilters(query));
  const [, { rows, total }] = await Promise.all([
    assertSignedInTrainee(db, scope),
    selectPage(db, query, {
      table: contentItems,
      where,
      rows: ({ limit, offset }) =>
        db
          .select(traineeItemSelection(scope.actor.clientId))
          .from(contentItems)
          .where(where)
          .orderBy(...contentListOrder)
          .limit(limit)
          .offset(offset),
    }),
  ]);
  return { items: rows.map(toTraineeContentItem), total };
}
