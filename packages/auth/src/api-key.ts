import { createHash, randomBytes } from "node:crypto";

/** Studio API keys for the partner and automation lanes. */
export const API_KEY_PREFIX = "sk_live_";

/** Characters shown in the dashboard so a studio can tell its keys apart. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 15;

const API_KEY_RANDOM_BYTES = 20;
const API_KEY_PATTERN = /^sk_live_[0-9a-f]{40}$/;
const BEARER_PATTERN = /^bearer\s+(.*)$/i;

/** Only the hash is stored, so a database leak does not leak usable keys. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** `key` is shown to the studio once; persist only `hash` and `prefix`. */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString("hex");
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH) };
}

/** Lets callers reject malformed keys before spending a database lookup on them. */
export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

/** Reads the key from `x-api-key`, falling back to `Authorization: Bearer <key>`. */
export function extractApiKey(getHeader: (name: string) => string | undefined): string | undefined {
  const direct = getHeader("x-api-key")?.trim();
  if (direct) return direct;
  const match = BEARER_PATTERN.exec(getHeader("authorization")?.trim() ?? "");
  const fromBearer = match?.[1]?.trim();
  return fromBearer ? fromBearer : undefined;
}
