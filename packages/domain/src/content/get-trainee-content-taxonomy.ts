import type { ContentTaxonomy } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { assertSignedInTrainee } from "./trainee-content-access";
import { loadContentTaxonomy } from "./taxonomy-records";

/** GET /v1/trainee/content/taxonomy: the studio's categories and tags as raw rows, by sortOrder then creation. */
export async function getTraineeContentTaxonomy(db: Db, scope: TraineeScope): Promise<ContentTaxonomy> {
  const [, taxonomy] = await Promise.all([assertSignedInTrainee(db, scope), loadContentTaxonomy(db, scope)]);
  return taxonomy;
}
