import type { KvStore } from "@studio/kv";

/**
 * The replay checks' two questions to the nonce store (claim this nonce; then, the store's epoch)
 * answered by one `claimWithEpoch`: one Redis round trip per signed request instead of two
 * (issue 16). The epoch is the one read right after this request's own claim, as the checks
 * require; asked before any claim (the checks never do), it asks the store.
 */
export function replayStore(kv: KvStore) {
  let epochAfterClaim: number | undefined;
  return {
    claimNonce: async (key: string, ttlMs: number) => {
      const { claimed, epoch } = await kv.claimWithEpoch(key, "1", ttlMs);
      epochAfterClaim = epoch;
      return claimed;
    },
    storeEpoch: async () => epochAfterClaim ?? kv.epoch(),
  };
}
