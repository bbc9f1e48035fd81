import { constantTimeEqual } from "./constant-time";

/**
 * Checks a shared-secret webhook token. An unset secret rejects everything:
 * comparing against "" would otherwise let an empty token through.
 */
export function verifyWebhookToken(presented: string | undefined, secret: string | undefined): boolean {
  if (!secret || !presented) return false;
  return constantTimeEqual(presented, secret);
}
