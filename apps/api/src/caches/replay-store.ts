import type { KvStore, RateLimiter, RateLimitResult } from "@studio/kv";

/**
 * The replay checks' two questions to the nonce store (claim this nonce; then, the store's epoch)
 * answered by one `claimWithEpoch`: one Redis round trip per signed request instead of two
 * (issue 16). With the global limiter's point left to this check (`limit`, see
 * guards/rate-limit.ts) that one round trip takes the point too (issue 30): over the budget
 * nothing is claimed and `limitVerdict` says so. The epoch is the one read right after this
 * request's own claim, as the checks require; asked before any claim (the checks never do), it
 * asks the store.
 */
export function replayStore(kv: KvStore, limit?: { limiter: RateLimiter; key: string }) {
  let epochAfterClaim: number | undefined;
  let verdict: RateLimitResult | undefined;
  return {
    claimNonce: async (key: string, ttlMs: number) => {
      if (!limit) {
        const { claimed, epoch } = await kv.claimWithEpoch(key, "1", ttlMs);
        epochAfterClaim = epoch;
        return claimed;
      }
      const r = await limit.limiter.consumeThenClaim(limit.key, { key, value: "1", ttlMs });
      verdict = r.limit;
      // Over the budget: no claim; the caller answers the limiter's 429 first.
      if (!r.claimed) return false;
      epochAfterClaim = r.claimed.epoch;
      return r.claimed.claimed;
    },
    storeEpoch: async () => epochAfterClaim ?? kv.epoch(),
    /** The limiter's verdict when the claim took its point (undefined: not taken yet). */
    limitVerdict: () => verdict,
  };
}
