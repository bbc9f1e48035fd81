import { AppError, isAppLocked, loadAppAccessInputs } from "@studio/domain";
import { traineeProcedure } from "../trpc";

/**
 * requireTraineeAppAccess: the second guard on most trainee routes; 403 APP_LOCKED for a
 * frozen or ended plan. The verdict is cached 30 s per trainee in the process's cache
 * (deps.caches.appAccess, caches/app-access-cache.ts; document 1); deps without one (a
 * hand-built test app) decide every request afresh.
 */
export const traineeAppProcedure = traineeProcedure.use(async ({ ctx, next }) => {
  const { scope } = ctx;
  const cache = ctx.deps.caches?.appAccess.lockedByClient;
  const key = `${scope.studioId}:${scope.actor.clientId}`;
  let locked = cache?.get(key);
  if (locked === undefined) {
    const inputs = await loadAppAccessInputs(ctx.db, scope);
    if (!inputs) throw new AppError("NOT_FOUND", "trainee not found");
    locked = isAppLocked(inputs, scope.now);
    cache?.set(key, locked);
  }
  if (locked) throw new AppError("APP_LOCKED", "the app is locked: the plan is frozen or has ended");
  return next();
});
