// Helpers shared by the test files (not part of the package API).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Nothing listens on port 1: connections are refused immediately. */
export const UNREACHABLE_REDIS_URL = "redis://127.0.0.1:1";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A random key prefix per test file, so files running in parallel never share keys. */
export function randomKeyPrefix(label: string): string {
  return `test:kv:${label}:${randomBytes(6).toString("hex")}:`;
}

/** Deletes every key under prefix, using a raw (un-prefixed) client. */
export async function deleteKeysWithPrefix(prefix: string): Promise<void> {
  const raw = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await raw.connect();
    let cursor = "0";
    do {
      const [next, keys] = await raw.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await raw.del(...keys);
    } while (cursor !== "0");
  } finally {
    raw.disconnect();
  }
}

/** Measures how long a promise takes to settle and returns the rejection (or undefined). */
export async function timedRejection(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const start = performance.now();
  try {
    await promise;
    return { error: undefined, ms: performance.now() - start };
  } catch (error) {
    return { error, ms: performance.now() - start };
  }
}
