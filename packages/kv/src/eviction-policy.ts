/**
 * Whether a Redis may evict keys the product relies on (docs/DEPLOYMENT.md "Redis"). Every key
 * the API writes carries a ttl except the store-epoch marker, and losing one early is not
 * harmless: an evicted nonce lets a signed request be replayed inside its window, an evicted
 * rate-limit counter resets a budget, an evicted one-time code or throttle counter resets
 * a guard. The epoch marker tells a restart from a full store, never a single evicted key.
 * So the only safe setting is no eviction at all: `maxmemory 0` (no limit: nothing is ever
 * evicted, whatever the policy) or `maxmemory-policy noeviction` (a full Redis refuses writes
 * with OOM, which the store reports as unavailable: requests answer 503, fail closed).
 * `volatile-*` policies evict exactly the ttl keys (nonces first), `allkeys-*` the marker too.
 */
export interface RedisMemorySettings {
  /** maxmemory in bytes; 0 = no limit. */
  maxmemory: number;
  /** maxmemory_policy as INFO memory reports it (e.g. noeviction, allkeys-lru, volatile-ttl). */
  policy: string;
}

/** The problem with these settings, or undefined when Redis never evicts. */
export function evictionProblem(settings: RedisMemorySettings): string | undefined {
  if (settings.maxmemory === 0 || settings.policy === "noeviction") return undefined;
  return `redis maxmemory-policy ${settings.policy} (maxmemory ${settings.maxmemory} bytes) may evict nonces, rate-limit counters and codes before their ttl; set maxmemory-policy noeviction (or maxmemory 0)`;
}

/** maxmemory and maxmemory_policy from the text of `INFO memory` (managed Redis often refuses CONFIG GET). */
export function parseMemorySettings(info: string): RedisMemorySettings | undefined {
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, "m").exec(info)?.[1]?.trim();
  const maxmemory = field("maxmemory");
  const policy = field("maxmemory_policy");
  if (maxmemory === undefined || policy === undefined || !/^[0-9]+$/.test(maxmemory)) return undefined;
  return { maxmemory: Number(maxmemory), policy };
}
