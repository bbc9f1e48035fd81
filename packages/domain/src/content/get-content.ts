import type { ContentItem } from "@studio/contracts";
import type { Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { findCoachItem } from "./content-record";

/** GET /v1/web/content/:id: one item, published or not; NOT_FOUND "content item not found". */
export async function getContent(db: Db, scope: StudioScope, input: { id: string }): Promise<ContentItem> {
  const item = await findCoachItem(db, scope, input.id);
  if (!item) throw notFound("content item");
  return item;
}
