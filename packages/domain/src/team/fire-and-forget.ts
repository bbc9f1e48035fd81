import type { Logger } from "@studio/observability";

/**
 * Starts an outbound send without awaiting it: a failure (thrown or rejected) is only logged,
 * never surfaced to the caller. Used for invitation mail and chat invites.
 */
export function fireAndForget(send: () => Promise<unknown>, what: string, logger: Logger): void {
  const report = (error: unknown) =>
    logger.warn(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
  try {
    send().catch(report);
  } catch (error) {
    report(error);
  }
}
