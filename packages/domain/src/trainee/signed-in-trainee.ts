import { and, eq, isNull } from "drizzle-orm";
import { clients } from "@studio/db";
import type { TraineeScope } from "../scope";

/**
 * The trainee lane's own row: the token's trainee, in the token's studio, not deleted. Every
 * trainee-lane read of `clients` filters by this, so another studio's or a deleted trainee is
 * simply not found.
 */
export const signedInTrainee = (scope: TraineeScope) =>
  and(eq(clients.id, scope.actor.clientId), eq(clients.studioId, scope.studioId), isNull(clients.deletedAt));
