// The forms service's own frozen-plan rule for check-in forms (APP_LOCKED while the plan is frozen).

import type { Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { loadAppAccessInputs } from "../trainee/app-access";

/**
 * The forms service's own frozen-plan rule (document 1 "requireTraineeAppAccess": the forms
 * router has no app-access guard): while the trainee's plan is frozen (the trainee's freeze date
 * or a FROZEN live subscription has started), check-in forms are paused — not listed, not
 * opened, not submitted (APP_LOCKED). Every other form stays open, also on an ended plan.
 */
export async function checkInsPaused(db: Db, scope: TraineeScope): Promise<boolean> {
  const inputs = await loadAppAccessInputs(db, scope);
  return inputs?.freezeStartedAt != null && inputs.freezeStartedAt <= scope.now;
}

export const CHECK_INS_PAUSED_MESSAGE = "check-in forms are paused while the plan is frozen";
