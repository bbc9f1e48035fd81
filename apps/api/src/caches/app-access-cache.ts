import { BoundedCache } from "./bounded-cache";

export const APP_ACCESS_CACHE_MS = 30_000;

/**
 * The app-lock verdicts one API process remembers (studio:client -> locked), 30 s each: how
 * long a lock or unlock made through any process may take to reach this one. Created with the
 * process's app (createApp), never module-wide, so replicas in one test process stay as
 * separate as real processes. Read by traineeAppProcedure (procedures/trainee-app-access.ts).
 */
export class AppAccessCache {
  readonly lockedByClient: BoundedCache<string, boolean>;
  constructor(now: () => number = Date.now) {
    this.lockedByClient = new BoundedCache(100_000, APP_ACCESS_CACHE_MS, now);
  }
}
