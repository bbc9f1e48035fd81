import { and, eq, inArray } from "drizzle-orm";
import type { AutomationProgramAssign, AutomationProgramAssignResult } from "@studio/contracts";
import { programs, type Db } from "@studio/db";
import { recordAuditEntry } from "../audit/record-audit-entry";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError } from "../errors";
import { assignTemplate } from "../programs/assign-template";
import { loadSourceTemplate } from "../programs/source-template";
import type { ApiKeyScope } from "../scope";

export const ACTIVE_PROGRAM_EXISTS = "trainee already has an active program from this template";

/**
 * `POST /v1/automation/trainees/{id}/programs/assign`: the coach app's assignTemplate (program
 * ACTIVE, activity row, plan pushes unless notify is false, the plan-activated job that starts
 * a subscription waiting on FIRST_PLAN) in one transaction with the audit entry
 * automation.program.assign. The trainee row is locked first, so concurrent runs for one
 * trainee see each other's programs. replaceExisting false (the default): refused (BAD_REQUEST)
 * when the trainee already has an ACTIVE program from the template, so a re-run does not stack
 * duplicates; true: those programs become ENDED and a new one is assigned. Checks in order:
 * template (program template not found), trainee (client not found), the existing program.
 */
export async function assignAutomationProgram(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationProgramAssign,
): Promise<AutomationProgramAssignResult> {
  const { studioId, now } = scope;
  const notify = input.notify ?? true;
  const replaceExisting = input.replaceExisting ?? false;
  return db.transaction(async (tx) => {
    const template = await loadSourceTemplate(tx, scope, input.templateId);
    const client = await loadLiveTrainee(tx, scope, input.id, { forUpdate: true });
    const existing = await tx
      .select({ id: programs.id })
      .from(programs)
      .where(
        and(
          eq(programs.studioId, studioId),
          eq(programs.clientId, client.id),
          eq(programs.sourceTemplateId, template.id),
          eq(programs.status, "ACTIVE"),
        ),
      );
    const replacedProgramIds = existing.map((p) => p.id);
    if (replacedProgramIds.length > 0) {
      if (!replaceExisting)
        throw new AppError("BAD_REQUEST", ACTIVE_PROGRAM_EXISTS, { programIds: replacedProgramIds });
      await tx
        .update(programs)
        .set({ status: "ENDED", updatedAt: now })
        .where(and(eq(programs.studioId, studioId), inArray(programs.id, replacedProgramIds)));
    }
    const program = await assignTemplate(
      tx,
      scope,
      { id: template.id, clientId: client.id, startDate: input.startDate },
      { notify },
    );
    await recordAuditEntry(tx, scope, {
      action: "automation.program.assign",
      entityType: "program",
      entityId: program.id,
      data: {
        clientId: client.id,
        templateId: template.id,
        startDate: program.startDate,
        notify,
        replaceExisting,
        replacedProgramIds,
      },
    });
    return { program, replacedProgramIds };
  });
}
