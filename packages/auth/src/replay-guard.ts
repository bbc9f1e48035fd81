/** Bearer lane replay protection via `x-nonce` and `x-timestamp`. */
export const BEARER_REPLAY_WINDOW_MS = 300_000;

// Timestamps below this are read as epoch seconds (1e12 ms is September 2001).
const SECONDS_THRESHOLD = 1e12;

// Digits with an optional fraction: `Number()` alone would accept "", "0x1f" and "1e9".
const TIMESTAMP_PATTERN = /^[0-9]{1,16}(\.[0-9]{1,6})?$/;

/** Answer to a request dated before the nonce store's epoch (see `predatesStoreEpoch`). */
export const BEFORE_STORE_EPOCH_MESSAGE = "request signed before the nonce store recovered";

/**
 * The epoch of the nonce store: the moment from which it is known to remember every nonce
 * claimed (it restarted empty, was emptied or was unreachable before it). A nonce claimed
 * before the epoch may be forgotten, so a request dated before it could be a replay.
 */
export type StoreEpoch = () => Promise<number>;

/**
 * True when a request dated `timestampMs` must be refused because the nonce store may have
 * forgotten it. Call it only after the nonce was claimed: a store that empties between the
 * claim and this read then shows the new epoch, never the old one. An epoch ahead of this
 * server's clock (another replica's clock runs ahead, or the clock was set back) counts as now.
 */
export async function predatesStoreEpoch(
  timestampMs: number,
  nowMs: number,
  storeEpoch: StoreEpoch | undefined,
): Promise<boolean> {
  if (!storeEpoch) return false;
  const epoch = await storeEpoch();
  return timestampMs < Math.min(epoch, nowMs);
}

export interface BearerReplayInput {
  nonce: string | undefined;
  timestamp: string | undefined;
  /** Epoch milliseconds. */
  now: number;
  /** Atomically records `key`; true when newly claimed, false when it already existed. */
  claimNonce: (key: string, ttlMs: number) => Promise<boolean>;
  /** The nonce store's epoch; a request dated before it is refused (401). */
  storeEpoch?: StoreEpoch;
}

export type BearerReplayResult = { ok: true } | { ok: false; status: 400 | 401; message: string };

/** A throwing `claimNonce` or `storeEpoch` propagates so the caller can fail closed when the store is down. */
export async function checkBearerReplay(input: BearerReplayInput): Promise<BearerReplayResult> {
  if (!input.nonce || !input.timestamp) {
    return { ok: false, status: 400, message: "missing x-nonce or x-timestamp header" };
  }

  const outsideWindow = {
    ok: false,
    status: 401,
    message: "request timestamp outside the allowed window",
  } as const;
  const text = input.timestamp.trim();
  if (!TIMESTAMP_PATTERN.test(text)) return outsideWindow;
  const raw = Number(text);
  // Clients differ in unit; a value this small cannot be a plausible millisecond time.
  const timestampMs = raw < SECONDS_THRESHOLD ? raw * 1000 : raw;
  if (Math.abs(input.now - timestampMs) > BEARER_REPLAY_WINDOW_MS) return outsideWindow;

  const claimed = await input.claimNonce(`bearer-nonce:${input.nonce}`, BEARER_REPLAY_WINDOW_MS);
  if (!claimed) return { ok: false, status: 401, message: "nonce already used" };
  if (await predatesStoreEpoch(timestampMs, input.now, input.storeEpoch)) {
    return { ok: false, status: 401, message: BEFORE_STORE_EPOCH_MESSAGE };
  }

  return { ok: true };
}
