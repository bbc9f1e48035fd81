import { selectPage } from "../paging";
import { type StudioScope } from "../scope";
import { and, desc, eq } from "drizzle-orm";
import type { NotificationRecord } from "@studio/contracts";
import { notifications, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { toNotificationRecord } from "./notification-record";

/**
 * GET /v1/web/clients/:id/notifications: the pushes recorded for a trainee, newest first,
 * paged. 404 client not found outside the caller's reach (other studio, unassigned, deleted).
 */
export async function listClientNotifications(
  db: Db,
  scope: StudioScope,
  input: { id: string; page: number; pageSize: number },
): Promise<{ items: NotificationRecord[]; total: number }> {
  const client = await loadLiveTrainee(db, scope, input.id);
  const where = and(eq(notifications.studioId, scope.studioId), eq(notifications.clientId, client.id));
  const { rows, total } = await selectPage(db, input, {
    table: notifications,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toNotificationRecord), total };
}
