import type { Studio } from "@studio/contracts";
import type { studios } from "@studio/db";

export type StudioRecordRow = typeof studios.$inferSelect;

/** The studio as `GET /v1/web/studio` answers it. */
export function toStudio(row: StudioRecordRow): Studio {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    slug: row.slug,
    timezone: row.timezone,
    locale: row.locale,
    settings: row.settings,
  };
}
