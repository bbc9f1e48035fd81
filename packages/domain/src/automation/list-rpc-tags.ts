import { sql } from "drizzle-orm";
import { AUTOMATION_TAG_TRAINEES_MAX, type AutomationOption } from "@studio/contracts";
import { clients, type Db, resultRows } from "@studio/db";
import type { ApiKeyScope } from "../scope";
import { liveTrainees } from "../clients/live-trainee";

const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Like the other dropdowns' `order by lower(name), name`: case-insensitive, then exact. */
const byName = (a: string, b: string) =>
  codePointOrder(a.toLowerCase(), b.toLowerCase()) || codePointOrder(a, b);

/**
 * `GET /v1/automation/rpc/tags`: the distinct tags on the studio's non-deleted trainees, read
 * from at most 5000 of them (the most recently updated), as options whose id and value are
 * both the tag; blank tags left out; sorted case-insensitively, then by code point (like the
 * other dropdowns' name order, whatever the database's collation). A plain array: no pagination.
 */
export async function listRpcTags(db: Db, scope: ApiKeyScope): Promise<AutomationOption[]> {
  const rows = resultRows<{ tag: string }>(
    await db.execute(sql`select distinct t.tag
      from (select ${clients.tags} as tags from ${clients}
              where ${liveTrainees(scope)}
              order by ${clients.updatedAt} desc, ${clients.id} desc
              limit ${AUTOMATION_TAG_TRAINEES_MAX}) as recent,
        jsonb_array_elements_text(
          case when jsonb_typeof(recent.tags) = 'array' then recent.tags else '[]'::jsonb end) as t(tag)`),
  );
  return rows
    .map((r) => r.tag)
    .filter((tag) => tag.trim() !== "")
    .sort(byName)
    .map((tag) => ({ id: tag, value: tag }));
}
