import type { AvailabilityWindowRecord, CalendarEventRecord } from "@studio/contracts";
import type { availabilityWindows, calendarEvents } from "@studio/db";

export type AvailabilityWindowRow = typeof availabilityWindows.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;

export function toAvailabilityWindowRecord(row: AvailabilityWindowRow): AvailabilityWindowRecord {
  return {
    id: row.id,
    coachId: row.coachId,
    kind: row.kind as AvailabilityWindowRecord["kind"],
    weekday: row.weekday,
    date: row.date,
    startMinute: row.startMinute,
    endMinute: row.endMinute,
    durationMin: row.durationMin,
    slotType: row.slotType as AvailabilityWindowRecord["slotType"],
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCalendarEventRecord(row: CalendarEventRow): CalendarEventRecord {
  return {
    id: row.id,
    coachId: row.coachId,
    traineeId: row.clientId,
    title: row.title,
    type: row.type as CalendarEventRecord["type"],
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status as CalendarEventRecord["status"],
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
