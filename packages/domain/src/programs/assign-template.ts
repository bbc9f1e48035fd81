import type { Program, TemplateAssignInput } from "@studio/contracts";
import { programs, traineeActivities, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { StudioScope } from "../scope";
import { assertIntakeResponseOf } from "./intake-response-hold";
import { announceActivatedPrograms, assignmentActivity } from "./program-effects";
import { toProgram } from "./program-record";
import { loadSourceTemplate } from "./source-template";

/**
 * POST /v1/web/program-templates/:id/assign: copies the template (type, name, displayName,
 * content, pdfUrl; sourceTemplateId) into a program of the trainee, ACTIVE, with the startDate
 * sent. In ONE transaction with the program row: the trainee activity (TRAINER ASSIGNED
 * PROGRAM), the plan pushes through notify and the plan-activated job. Hold mode
 * (holdForResponseId, an INTAKE response of the same trainee): the program is PAUSED with
 * releasePending and the response id; only the activity is written, the push and the job wait
 * for releaseHeldProgram. Checks in order: template (NOT_FOUND), trainee reached by the caller
 * (NOT_FOUND client not found), the response (BAD_REQUEST). `notify: false` (the automation
 * lane) sends no plan push; the activity and the plan-activated job are written all the same.
 */
export async function assignTemplate(
  db: Db,
  scope: StudioScope,
  input: TemplateAssignInput,
  options: { notify?: boolean } = {},
): Promise<Program> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const template = await loadSourceTemplate(tx, scope, input.id);
    const client = await loadLiveTrainee(tx, scope, input.clientId);
    const holdFor = input.holdForResponseId ?? null;
    if (holdFor) await assertIntakeResponseOf(tx, scope, holdFor, client.id);
    const [row] = await tx
      .insert(programs)
      .values({
        studioId,
        clientId: client.id,
        type: template.type,
        name: template.name,
        displayName: template.displayName,
        content: template.content,
        pdfUrl: template.pdfUrl,
        sourceTemplateId: template.id,
        status: holdFor ? "PAUSED" : "ACTIVE",
        startDate: input.startDate ?? null,
        releasePending: holdFor !== null,
        releaseResponseId: holdFor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(traineeActivities).values(assignmentActivity(scope, row!, template));
    if (!holdFor) await announceActivatedPrograms(tx, scope, [row!], { notify: options.notify });
    return toProgram(row!);
  });
}
