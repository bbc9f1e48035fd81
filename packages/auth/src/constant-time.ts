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

/**
 * Compares a MAC we computed with a presented one. Unlike a secret's, a MAC's length is public
 * (the algorithm fixes it), so a different length may answer at once; equal lengths are compared
 * in constant time without the two hashes constantTimeEqual spends to hide a length (measured
 * on every signed request, issue 16).
 */
export function macEqual(expected: string, presented: string): boolean {
  if (presented.length !== expected.length) return false;
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(presented, "utf8");
  // A non-ASCII character makes the presented bytes longer: unequal, and it says nothing of ours.
  return a.length === b.length && timingSafeEqual(a, b);
}
