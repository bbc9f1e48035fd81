import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets without leaking where they differ.
 *
 * Both sides are hashed first so the buffers handed to `timingSafeEqual` always have
 * the same length: it would otherwise throw on a length mismatch, and an early
 * length check would itself leak the length of the expected value.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digestA = createHash("sha256").update(a, "utf8").digest();
  const digestB = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(digestA, digestB);
}
