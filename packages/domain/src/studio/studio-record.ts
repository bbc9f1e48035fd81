import type { Studio } from "@studio/contracts";
import type { studios } from "@studio/db";

/** The columns the answer is made of (the web lane's caller statement reads only these). */
export type StudioRecordRow = Pick<
  typeof studios.$inferSelect,
  "id" | "organizationId" | "name" | "slug" | "timezone" | "locale" | "settings"
>;

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
