/**
 * One small key-value interface used by the API for nonces (replay protection), rate limits,
 * short caches and one-time codes. Implementations: RedisKvStore (shared by every replica) and
 * MemoryKvStore (in-process, the embedded default). Both must behave identically; the shared
 * contract suite in kv-store.contract.ts is run against each.
 */
export interface KvStore {
  readonly kind: "redis" | "memory";
  /** Sets key only if absent; true when this call set it (SET NX PX). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  /** Sets key, replacing any value; without ttlMs the key does not expire (any previous ttl is cleared). */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Fixed-window counter: increments and returns the new count; the window (ttl) starts at the first increment. */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * The store's epoch (epoch milliseconds): from this moment on it remembers every key written
   * (until the key's ttl). A key written before it may be lost: the store restarted empty, was
   * emptied, or was unreachable since. Replay checks refuse requests dated before it. It only
   * moves forward: the memory store's is its creation; Redis keeps it in a marker key shared
   * by every replica (see RedisKvStore).
   */
  epoch(): Promise<number>;
  /**
   * setIfAbsent, then the epoch as it stands after the claim: what a replay check asks, in one
   * round trip on Redis (one script) instead of two. The epoch is read after the key is set, so
   * a store emptied between the two shows its new epoch, never the old one.
   */
  claimWithEpoch(key: string, value: string, ttlMs: number): Promise<{ claimed: boolean; epoch: number }>;
  /** Throws when the backing store is unreachable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Thrown when the backing store cannot be reached (Redis down, timed out, store closed).
 * Callers fail closed: the API answers 503 rather than skipping replay/rate-limit checks.
 */
export class KvUnavailableError extends Error {
  override readonly name = "KvUnavailableError";

  constructor(message = "key-value store unavailable", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Validates a ttl and normalises it to whole milliseconds (Redis PX only takes integers >= 1).
 * Shared by both stores so they accept and reject exactly the same values.
 */
export function normalizeTtlMs(ttlMs: number): number {
  if (typeof ttlMs !== "number" || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive finite number, got ${String(ttlMs)}`);
  }
  return Math.max(1, Math.ceil(ttlMs));
}
