import type { TraineeHome, TraineeHomePlan } from "@studio/contracts";
import type { Db } from "@studio/db";
import { loadNextTraineeMeeting } from "../calendar/next-trainee-meeting";
import { loadLiveBannerItem } from "../content/live-banner-item";
import { listTraineeForms } from "../forms/list-trainee-forms";
import type { TraineeScope } from "../scope";
import { findDayRow } from "../tracking/day-row";
import { loadTraineeDay } from "../tracking/trainee-day";
import { loadActivePrograms, toTraineePlan } from "./list-trainee-plans";

/**
 * `GET /v1/trainee/home` (behind the app lock; previews read): what the app shows on open, from
 * the readers of the routes that own each part — the live home banner's item (content
 * visibility), today's day of the active TRAINING and NUTRITION programs (GET /v1/trainee/plans),
 * the pending forms (GET /v1/trainee/forms), today's water and steps (the day row) and the next
 * meeting. Two round trips: the independent reads run concurrently, then today's day row, whose
 * key needs the trainee's zone (the trainee read also answers NOT_FOUND for a deleted trainee).
 */
export async function getTraineeHome(db: Db, scope: TraineeScope): Promise<TraineeHome> {
  const [day, programs, banner, forms, nextMeeting] = await Promise.all([
    loadTraineeDay(db, scope),
    loadActivePrograms(db, scope),
    loadLiveBannerItem(db, scope),
    listTraineeForms(db, scope),
    loadNextTraineeMeeting(db, scope),
  ]);
  const row = await findDayRow(db, scope, day.clientId, day.today);

  const homePlan = (type: "TRAINING" | "NUTRITION"): TraineeHomePlan | null => {
    // Most recently updated first: the first of the type is the one the app follows.
    const program = programs.find((p) => p.type === type);
    if (!program) return null;
    const { plan, todayDay } = toTraineePlan(program, day.zone, day.today);
    return {
      programId: plan.id,
      name: plan.name,
      displayName: plan.displayName,
      filePlan: plan.filePlan,
      pdfUrl: plan.pdfUrl,
      today: plan.today,
      day: todayDay,
    };
  };

  return {
    today: day.today,
    timezone: day.zone,
    banner,
    training: homePlan("TRAINING"),
    nutrition: homePlan("NUTRITION"),
    pendingForms: forms.items,
    water: { waterMl: row?.waterMl ?? 0, goalMl: day.waterGoalMl ?? 0 },
    steps: { steps: row?.steps ?? 0, goal: day.stepsGoal },
    nextMeeting,
  };
}
