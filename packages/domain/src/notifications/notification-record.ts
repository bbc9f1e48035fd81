import type { NotificationRecord } from "@studio/contracts";
import type { notifications } from "@studio/db";

export type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationRecord = (r: NotificationRow): NotificationRecord => ({
  id: r.id,
  clientId: r.clientId,
  type: r.type as NotificationRecord["type"],
  title: r.title,
  body: r.body,
  status: r.status as NotificationRecord["status"],
  skipReason: r.skipReason as NotificationRecord["skipReason"],
  error: r.error,
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});
