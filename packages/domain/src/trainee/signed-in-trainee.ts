import type { TraineeScope } from "../scope";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * The trainee lane's own row: the token's trainee, in the token's studio, not deleted. Every
 * trainee-lane read of `clients` filters by this, so another studio's or a deleted trainee is
 * simply not found.
 */
export const signedInTrainee = (scope: TraineeScope) => liveTraineeOf(scope, scope.actor.clientId);
