/**
 * A Map that forgets its oldest entries past a size, with an optional time to live, so
 * per-process caches cannot grow without bound on a long-running server.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, { value: V; expiresAt: number }>();
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, expiresAt: this.now() + this.ttlMs });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
