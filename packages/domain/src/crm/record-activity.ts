import type { LeadActivityType } from "@studio/contracts";
import type { StudioScope } from "../scope";
import { errorCode, leadActivities, type DbOrTx } from "@studio/db";
import type { CrmActor } from "./caller";

/**
 * The one way CRM code writes an activity. Writing an activity never fails the request
 * (document 1 "LeadActivity"): a failure is logged and swallowed. Call it outside any
 * transaction, after the write it describes, so a failed insert cannot abort that write.
 */
export async function recordLeadActivity(
  db: DbOrTx,
  scope: Pick<StudioScope, "studioId" | "logger">,
  entry: { leadId: string; type: LeadActivityType; actor: CrmActor; data?: Record<string, unknown> | null },
): Promise<void> {
  try {
    await db.insert(leadActivities).values({
      studioId: scope.studioId,
      leadId: entry.leadId,
      type: entry.type,
      coachId: entry.actor.coachId,
      coachName: entry.actor.coachName,
      data: entry.data ?? null,
    });
  } catch (error) {
    const fields = {
      studioId: scope.studioId,
      leadId: entry.leadId,
      type: entry.type,
      ...describeFailure(error),
    };
    if (scope.logger) scope.logger.error("lead activity not written", fields);
    else console.error(JSON.stringify({ level: "error", msg: "lead activity not written", ...fields }));
  }
}

/** The driver's message and SQLSTATE, not the ORM's wrapper (which repeats the query parameters: lead data). */
function describeFailure(error: unknown): { error: string; sqlState?: string } {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = errorCode(cause);
  return {
    error: cause instanceof Error ? cause.message : String(cause),
    ...(code !== undefined ? { sqlState: code } : {}),
  };
}
