import type { TaskRecord } from "@studio/contracts";
import type { tasks } from "@studio/db";

export type TaskRow = typeof tasks.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toTaskRecord(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as TaskRecord["status"],
    priority: row.priority,
    dueDate: iso(row.dueDate),
    snoozedUntil: iso(row.snoozedUntil),
    traineeId: row.traineeId,
    coachIds: row.coachIds,
    type: row.type,
    source: row.source,
    resolvedAt: iso(row.resolvedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A date-only value reads as midnight UTC. */
export const toDate = (value: string | null | undefined) =>
  value == null ? (value as null | undefined) : new Date(value);

/** DONE and DISMISSED are resolved: resolvedAt is set on entering them and cleared on reopening. */
export const isResolvedStatus = (status: string) => status === "DONE" || status === "DISMISSED";
