export { type KvStore, KvUnavailableError, normalizeTtlMs } from "./kv-store";
export { MemoryKvStore, type MemoryKvStoreOptions } from "./memory-kv-store";
export { RedisKvStore, type KvLogger, type RedisKvStoreOptions } from "./redis-kv-store";
export { createKvStore, type CreateKvStoreOptions } from "./create-kv-store";
export {
  createRateLimiter,
  type CreateRateLimiterOptions,
  type RateLimiter,
  type RateLimitResult,
} from "./rate-limiter";
export { evictionProblem, parseMemorySettings, type RedisMemorySettings } from "./eviction-policy";
