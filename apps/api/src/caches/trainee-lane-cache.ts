import type { TraineeTokenPayload } from "@studio/auth";
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
  /**
   * Bearer token -> its verified payload (and the secret it was verified with), so the HMAC is
   * computed once per token and process, not per request. Only valid tokens are kept; an expiry
   * in the payload is checked again on every use (guards/trainee.ts verifiedToken).
   */
  readonly verifiedTokens = new BoundedCache<string, { secret: string; payload: TraineeTokenPayload }>(
    20_000,
  );
  constructor(now: () => number) {
    this.studioLive = new BoundedCache(10_000, STUDIO_LIVE_CACHE_MS, now);
  }
}
