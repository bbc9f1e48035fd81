import { eq } from "drizzle-orm";
import type { TraineeMe } from "@studio/contracts";
import { clients, studios, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { isAppLocked, loadAppAccessInputs } from "./app-access";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * `GET /v1/trainee/me` (authenticateTrainee only, so a locked trainee still reads it): the
 * trainee's profile, the studio, and whether the app lock holds right now (the app shows its
 * locked screen instead of calling the locked routes). NOT_FOUND trainee not found when the
 * token's trainee is deleted or not of the token's studio.
 */
export async function getTraineeMe(db: Db, scope: TraineeScope): Promise<TraineeMe> {
  const [row] = await db
    .select({ client: clients, studio: studios })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(liveTraineeOf(scope, scope.actor.clientId))
    .limit(1);
  if (!row) throw notFound("trainee");
  const access = await loadAppAccessInputs(db, scope);
  const { client, studio } = row;
  return {
    id: client.id,
    studioId: client.studioId,
    firstName: client.firstName,
    lastName: client.lastName,
    phone: client.phone,
    email: client.email,
    timezone: client.timezone,
    birthDate: client.birthDate,
    gender: (client.gender as TraineeMe["gender"]) ?? null,
    heightCm: client.heightCm,
    weightKg: client.weightKg,
    goal: client.goal,
    goalWeightKg: client.goalWeightKg,
    stepsGoal: client.stepsGoal,
    waterGoalMl: client.waterGoalMl,
    studio: { id: studio.id, name: studio.name, timezone: studio.timezone, locale: studio.locale },
    preview: scope.actor.preview,
    appLocked: access ? isAppLocked(access, scope.now) : false,
  };
}
