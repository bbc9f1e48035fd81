import type { ContentTaxonomy } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadContentTaxonomy } from "./taxonomy-records";

/** GET /v1/web/content/taxonomy: every category (empty ones too) and tag, by sortOrder then creation. */
export async function getContentTaxonomy(db: Db, scope: StudioScope): Promise<ContentTaxonomy> {
  return loadContentTaxonomy(db, scope);
}
