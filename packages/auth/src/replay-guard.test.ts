import { describe, it, expect } from "vitest";
import { BEARER_REPLAY_WINDOW_MS, checkBearerReplay, type BearerReplayInput } from "./replay-guard";

const NOW = 1_700_000_000_000;
const NONCE = "n-0123456789";

function nonceStore() {
  const claimed = new Set<string>();
  const calls: Array<{ key: string; ttlMs: number }> = [];
  const claimNonce = async (key: string, ttlMs: number): Promise<boolean> => {
    calls.push({ key, ttlMs });
    if (claimed.has(key)) return false;
    claimed.add(key);
    return true;
  };
  return { calls, claimNonce };
}

function input(overrides: Partial<BearerReplayInput> = {}): BearerReplayInput {
  return {
    nonce: NONCE,
    timestamp: String(NOW),
    now: NOW,
    claimNonce: nonceStore().claimNonce,
    ...overrides,
  };
}

const MISSING = { ok: false, status: 400, message: "missing x-nonce or x-timestamp header" };
const OUTSIDE = { ok: false, status: 401, message: "request timestamp outside the allowed window" };
const REUSED = { ok: false, status: 401, message: "nonce already used" };

describe("checkBearerReplay", () => {
  it("accepts a fresh nonce with a current timestamp", async () => {
    expect(await checkBearerReplay(input())).toEqual({ ok: true });
  });

  describe("'Missing x-nonce or x-timestamp → 400'", () => {
    it("missing nonce", async () => {
      expect(await checkBearerReplay(input({ nonce: undefined }))).toEqual(MISSING);
    });

    it("missing timestamp", async () => {
      expect(await checkBearerReplay(input({ timestamp: undefined }))).toEqual(MISSING);
    });

    it("both missing or empty", async () => {
      expect(await checkBearerReplay(input({ nonce: undefined, timestamp: undefined }))).toEqual(MISSING);
      expect(await checkBearerReplay(input({ nonce: "", timestamp: "" }))).toEqual(MISSING);
    });

    it("does not claim a nonce when a header is missing", async () => {
      const store = nonceStore();
      await checkBearerReplay(input({ timestamp: undefined, claimNonce: store.claimNonce }));
      expect(store.calls).toEqual([]);
    });
  });

  describe("'accept epoch seconds or epoch milliseconds (a value below 1e12 is seconds)'", () => {
    it("accepts epoch milliseconds", async () => {
      expect(await checkBearerReplay(input({ timestamp: String(NOW) }))).toEqual({ ok: true });
    });

    it("accepts epoch seconds", async () => {
      expect(await checkBearerReplay(input({ timestamp: String(NOW / 1000) }))).toEqual({ ok: true });
    });

    it("accepts fractional epoch seconds", async () => {
      expect(await checkBearerReplay(input({ timestamp: `${NOW / 1000}.250` }))).toEqual({ ok: true });
    });

    it("treats 999,999,999,999 as seconds (far future, rejected) and 1e12 as milliseconds", async () => {
      expect(await checkBearerReplay(input({ timestamp: "999999999999" }))).toEqual(OUTSIDE);
      expect(await checkBearerReplay(input({ timestamp: "1000000000000", now: 1e12 }))).toEqual({ ok: true });
    });
  });

  describe("'outside 300 seconds of now or not a number → 401'", () => {
    it("exposes the 300,000 ms window", () => {
      expect(BEARER_REPLAY_WINDOW_MS).toBe(300_000);
    });

    it("accepts exactly 300 seconds in the past and the future (milliseconds)", async () => {
      expect(await checkBearerReplay(input({ timestamp: String(NOW - 300_000) }))).toEqual({ ok: true });
      expect(await checkBearerReplay(input({ timestamp: String(NOW + 300_000) }))).toEqual({ ok: true });
    });

    it("rejects 300,001 ms in the past and the future (milliseconds)", async () => {
      expect(await checkBearerReplay(input({ timestamp: String(NOW - 300_001) }))).toEqual(OUTSIDE);
      expect(await checkBearerReplay(input({ timestamp: String(NOW + 300_001) }))).toEqual(OUTSIDE);
    });

    it("accepts exactly 300 seconds either side and rejects 301 (seconds)", async () => {
      const nowSeconds = NOW / 1000;
      expect(await checkBearerReplay(input({ timestamp: String(nowSeconds - 300) }))).toEqual({ ok: true });
      expect(await checkBearerReplay(input({ timestamp: String(nowSeconds + 300) }))).toEqual({ ok: true });
      expect(await checkBearerReplay(input({ timestamp: String(nowSeconds - 301) }))).toEqual(OUTSIDE);
      expect(await checkBearerReplay(input({ timestamp: String(nowSeconds + 301) }))).toEqual(OUTSIDE);
    });

    for (const bad of ["abc", "0x6553f100", "1.7e9", "-1700000000", "NaN", "Infinity", " "]) {
      it(`rejects the non-number ${JSON.stringify(bad)} with 401`, async () => {
        expect(await checkBearerReplay(input({ timestamp: bad }))).toEqual(OUTSIDE);
      });
    }

    it("does not claim a nonce when the timestamp is rejected", async () => {
      const store = nonceStore();
      await checkBearerReplay(input({ timestamp: String(NOW - 600_000), claimNonce: store.claimNonce }));
      expect(store.calls).toEqual([]);
    });
  });

  describe("'reused nonce → 401 nonce already used'", () => {
    it("rejects the second use of a nonce", async () => {
      const store = nonceStore();
      expect(await checkBearerReplay(input({ claimNonce: store.claimNonce }))).toEqual({ ok: true });
      expect(
        await checkBearerReplay(input({ claimNonce: store.claimNonce, timestamp: String(NOW + 1) })),
      ).toEqual(REUSED);
    });

    it("claims 'bearer-nonce:' + nonce for 300,000 ms", async () => {
      const store = nonceStore();
      await checkBearerReplay(input({ claimNonce: store.claimNonce }));
      expect(store.calls).toEqual([{ key: `bearer-nonce:${NONCE}`, ttlMs: 300_000 }]);
    });

    it("refuses, after claiming the nonce, a request dated before the nonce store's epoch", async () => {
      const store = nonceStore();
      expect(
        await checkBearerReplay(
          input({ claimNonce: store.claimNonce, now: NOW + 10, storeEpoch: async () => NOW + 1 }),
        ),
      ).toEqual({ ok: false, status: 401, message: "request signed before the nonce store recovered" });
      expect(store.calls).toHaveLength(1);
      // Seconds are compared as milliseconds; the epoch clamps to now.
      expect(
        await checkBearerReplay(input({ timestamp: String(NOW / 1000), storeEpoch: async () => NOW })),
      ).toEqual({ ok: true });
      expect(
        await checkBearerReplay(input({ timestamp: String(NOW / 1000 - 1), storeEpoch: async () => NOW })),
      ).toMatchObject({ ok: false, status: 401 });
      expect(await checkBearerReplay(input({ storeEpoch: async () => NOW + 60_000 }))).toEqual({ ok: true });
    });

    it("lets a claimNonce failure propagate so the caller fails closed", async () => {
      const outage = new Error("redis down");
      const claimNonce = async (): Promise<boolean> => {
        throw outage;
      };
      await expect(checkBearerReplay(input({ claimNonce }))).rejects.toBe(outage);
    });
  });
});
