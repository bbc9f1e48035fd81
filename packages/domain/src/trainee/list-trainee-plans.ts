import { and, desc, eq } from "drizzle-orm";
import type { ProgramType, TraineePlan, TraineePlanDay, TraineePlanList } from "@studio/contracts";
import { programs, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { planDayIndex } from "../templates/plan-day-index";
import { readTrainingContent } from "../templates/read-training-content";
import { dayKeyOf } from "../time/day-keys";
import { daysBetween } from "../time/zoned-time";
import { loadTraineeToday } from "./trainee-today";

type Day = { id: string; label: string };

/**
 * `GET /v1/trainee/plans` (behind the app lock; previews may read): the trainee's ACTIVE
 * programs (a program held for an intake response is not shown until released), most recently
 * updated first, each with its content normalized on read (training version 1 upgraded; file
 * and COMBINED plans as stored) and today's plan day by rotation (document 2: offset 0 is the
 * first day, wrapping). The rotation counts from the program's startDate, else the local day it
 * was assigned; before that day `today` is null.
 */
export async function listTraineePlans(db: Db, scope: TraineeScope): Promise<TraineePlanList> {
  const { zone, today } = await loadTraineeToday(db, scope);
  const rows = await loadActivePrograms(db, scope);
  return { today, items: rows.map((row) => toTraineePlan(row, zone, today).plan) };
}

/** The trainee's ACTIVE programs, most recently updated first (GET /v1/trainee/plans, home). */
export const loadActivePrograms = (db: Db, scope: TraineeScope) =>
  db
    .select()
    .from(programs)
    .where(
      and(
        eq(programs.studioId, scope.studioId),
        eq(programs.clientId, scope.actor.clientId),
        eq(programs.status, "ACTIVE"),
      ),
    )
    .orderBy(desc(programs.updatedAt), desc(programs.id));

/**
 * A program as the trainee sees it: content normalized on read, today's day by rotation, and
 * that day's entry of the normalized content (`todayDay`, null when there is none).
 */
export function toTraineePlan(
  row: typeof programs.$inferSelect,
  zone: string,
  today: string,
): { plan: TraineePlan; todayDay: Record<string, unknown> | null } {
  const type = row.type as ProgramType;
  const filePlan = typeof row.pdfUrl === "string" && row.pdfUrl !== "";
  const firstDay = row.startDate ?? dayKeyOf(row.createdAt, zone);
  let content = (row.content ?? {}) as Record<string, unknown>;
  let days: Day[] | null = null;
  if (!filePlan && type === "TRAINING") {
    const training = readTrainingContent(row.content);
    content = training;
    days = training.days;
  } else if (!filePlan && type === "NUTRITION") {
    const nutrition = normalizeNutritionContent(row.content);
    content = nutrition;
    days = nutrition.days;
  }
  const todayOfPlan = days ? dayOfRotation(days, firstDay, today) : null;
  const plan: TraineePlan = {
    id: row.id,
    type,
    name: row.name,
    displayName: row.displayName,
    filePlan,
    pdfUrl: row.pdfUrl,
    startDate: row.startDate,
    firstDay,
    content,
    today: todayOfPlan,
    updatedAt: row.updatedAt.toISOString(),
  };
  const todayDay =
    days && todayOfPlan ? ((days[todayOfPlan.dayIndex] as unknown as Record<string, unknown>) ?? null) : null;
  return { plan, todayDay };
}

function dayOfRotation(days: Day[], firstDay: string, today: string): TraineePlanDay | null {
  const offset = daysBetween(firstDay, today);
  if (offset < 0) return null;
  const dayIndex = planDayIndex(days.length, offset);
  const day = days[dayIndex];
  return day ? { date: today, offset, dayIndex, dayId: day.id, label: day.label } : null;
}
