import { CARDIO_KINDS, type CardioSessionRecord } from "@studio/contracts";
import type { cardioSessions } from "@studio/db";

const KINDS: ReadonlySet<string> = new Set(CARDIO_KINDS);

export function toCardioSession(row: typeof cardioSessions.$inferSelect): CardioSessionRecord {
  return {
    id: row.id,
    kind: (KINDS.has(row.kind) ? row.kind : "other") as CardioSessionRecord["kind"],
    minutes: row.minutes,
    performedOn: row.performedOn,
    startedAt: row.startedAt.toISOString(),
    planId: row.planId,
    planDayId: row.planDayId,
    source: row.source === "WORKOUT" ? "WORKOUT" : "MANUAL",
    createdAt: row.createdAt.toISOString(),
  };
}
