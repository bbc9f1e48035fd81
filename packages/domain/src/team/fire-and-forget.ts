/** Where a side effect that must never fail a request reports its failure. */
export type SideEffectLog = (message: string, fields: Record<string, unknown>) => void;

const stderrLog: SideEffectLog = (message, fields) =>
  console.warn(JSON.stringify({ level: "warn", message, ...fields }));

/**
 * Starts an outbound send without awaiting it: a failure (thrown or rejected) is only logged,
 * never surfaced to the caller. Used for invitation mail and chat invites.
 */
export function fireAndForget(
  send: () => Promise<unknown>,
  what: string,
  log: SideEffectLog = stderrLog,
): void {
  const report = (error: unknown) =>
    log(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
  try {
    send().catch(report);
  } catch (error) {
    report(error);
  }
}
