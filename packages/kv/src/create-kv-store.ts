import { type KvStore } from "./kv-store";
import { MemoryKvStore } from "./memory-kv-store";
import { RedisKvStore, type KvLogger } from "./redis-kv-store";

export interface CreateKvStoreOptions {
  /** When set (non-empty), use Redis so every replica shares state; otherwise an in-process store. */
  redisUrl?: string;
  /** Key namespace for Redis (ignored by the memory store, which is private to the process). */
  keyPrefix?: string;
  /** Reports Redis link changes (down, restored). */
  logger?: KvLogger;
  /** See RedisKvStoreOptions.autoPipelining. */
  autoPipelining?: boolean;
}

export function createKvStore(options: CreateKvStoreOptions = {}): KvStore {
  if (options.redisUrl)
    return new RedisKvStore({
      url: options.redisUrl,
      keyPrefix: options.keyPrefix,
      logger: options.logger,
      autoPipelining: options.autoPipelining,
    });
  return new MemoryKvStore();
}
