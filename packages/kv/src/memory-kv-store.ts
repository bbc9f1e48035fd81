import { type KvStore, KvUnavailableError, normalizeTtlMs } from "./kv-store";

interface Entry {
  value: string;
  /** Epoch ms after which the entry is gone; null = no expiry. */
  expiresAt: number | null;
}

export interface MemoryKvStoreOptions {
  /** Clock in epoch ms; injectable for tests. Defaults to Date.now. */
  now?: () => number;
  /** How often expired entries are swept in the background (lazy expiry happens regardless). */
  sweepIntervalMs?: number;
}

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
const INTEGER_RE = /^-?\d+$/;

/**
 * In-process store: a Map with expiry timestamps. Expired entries are treated as absent and
 * removed lazily on access plus by an unref'd sweep timer (cleared on close).
 * Only correct for a single process; use RedisKvStore when the API runs with several replicas.
 */
export class MemoryKvStore implements KvStore {
  readonly kind = "memory" as const;

  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  /** Nothing outlives the process, so the epoch is the store's creation. */
  private readonly createdAt: number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: MemoryKvStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.createdAt = this.now();
    this.sweepTimer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  /** Number of stored entries (including expired ones not yet swept); for diagnostics/tests. */
  get size(): number {
    return this.entries.size;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.claim(key, value, ttlMs);
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen();
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.assertOpen();
    const expiresAt = ttlMs === undefined ? null : this.now() + normalizeTtlMs(ttlMs);
    this.entries.set(key, { value, expiresAt });
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    this.entries.delete(key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    this.assertOpen();
    const ttl = normalizeTtlMs(ttlMs);
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: "1", expiresAt: this.now() + ttl });
      return 1;
    }
    // Mirror Redis INCR: non-integer values are an error; the existing expiry is kept.
    const current = INTEGER_RE.test(entry.value) ? Number(entry.value) : Number.NaN;
    if (!Number.isSafeInteger(current) || !Number.isSafeInteger(current + 1)) {
      throw new Error(`value at key is not an integer or out of range`);
    }
    entry.value = String(current + 1);
    return current + 1;
  }

  async epoch(): Promise<number> {
    this.assertOpen();
    return this.createdAt;
  }

  async claimWithEpoch(
    key: string,
    value: string,
    ttlMs: number,
  ): Promise<{ claimed: boolean; epoch: number }> {
    // No awaits inside: every signed request comes here (issue 16).
    return { claimed: this.claim(key, value, ttlMs), epoch: this.createdAt };
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    this.entries.clear();
  }

  /** Removes every expired entry. Runs on the background timer; callable directly in tests. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  /** setIfAbsent's work, synchronous: sets `key` unless it holds an unexpired value. */
  private claim(key: string, value: string, ttlMs: number): boolean {
    this.assertOpen();
    const ttl = normalizeTtlMs(ttlMs);
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttl });
    return true;
  }

  /** Returns the entry if present and unexpired; deletes it lazily when expired. */
  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private assertOpen(): void {
    if (this.closed) throw new KvUnavailableError("memory kv store is closed");
  }
}
