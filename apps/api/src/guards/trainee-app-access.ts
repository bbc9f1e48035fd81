import { AppError, isAppLocked, loadAppAccessInputs } from "@studio/domain";
import { traineeProcedure } from "../trpc";
import { BoundedCache } from "./bounded-cache";

const APP_ACCESS_CACHE_MS = 30_000;
const lockedByClient = new BoundedCache<string, boolean>(100_000, APP_ACCESS_CACHE_MS);

/**
 * requireTraineeAppAccess: the second guard on most trainee routes; 403 APP_LOCKED for a
 * frozen or ended plan. The verdict is cached 30 s per trainee (document 1).
 */
export const traineeAppProcedure = traineeProcedure.use(async ({ ctx, next }) => {
  const { scope } = ctx;
  const key = `${scope.studioId}:${scope.actor.clientId}`;
  let locked = lockedByClient.get(key);
  if (locked === undefined) {
    const inputs = await loadAppAccessInputs(ctx.db, scope);
    if (!inputs) throw new AppError("NOT_FOUND", "trainee not found");
    locked = isAppLocked(inputs, scope.now);
    lockedByClient.set(key, locked);
  }
  if (locked) throw new AppError("APP_LOCKED", "the app is locked: the plan is frozen or has ended");
  return next();
});
