import { BoundedCache } from "./bounded-cache";

export const STUDIO_LIVE_CACHE_MS = 30_000;

/** Per-process memory of the trainee lane guard (one instance per app). */
export class TraineeLaneCache {
  /** studioId -> live; 30 s, which is how archiving a studio reaches existing sessions. */
  readonly studioLive: BoundedCache<string, boolean>;
  /** clientId -> the zone last stored, so x-timezone costs a write only when it changes. */
  readonly storedZone = new BoundedCache<string, string>(100_000);
  /**
   * x-timezone as sent -> its canonical zone (null: not a zone). Asking Intl builds a
   * DateTimeFormat, ~10% of a trainee write's CPU in the issue 30 profile; the answer for a
   * given string never changes within a process.
   */
  readonly canonicalZone = new BoundedCache<string, string | null>(1_000);
  constructor(now: () => number) {
    this.studioLive = new BoundedCache(10_000, STUDIO_LIVE_CACHE_MS, now);
  }
}
