import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  HELD_PROGRAM_STATUSES,
  type BulkAssignmentResult,
  type ProgramStatus,
  type TemplateAssignBulkInput,
} from "@studio/contracts";
import { clients, programs, programTemplates, traineeActivities, type Db, resultRows } from "@studio/db";
import { clientScope } from "../clients/client-scope";
import { AppError } from "../errors";
import { accessOf, type StudioScope } from "../scope";
import { ACTIVITY_TYPE_OF, announceActivatedPrograms, type ActivatedProgram } from "./program-effects";
import { loadSourceTemplate } from "./source-template";
import { liveTraineeOf, liveTrainees } from "../clients/live-trainee";

/** How many unknown ids a "client not found" error names in its details. */
const MISSING_SHOWN = 20;

const held = sql.raw(HELD_PROGRAM_STATUSES.map((s) => `'${s}'`).join(", "));

/**
 * POST /v1/web/program-templates/:id/assign-bulk, in one transaction under the template's row
 * lock (so two bulk runs of one template cannot both copy it to one trainee):
 * 1. duplicates removed, then every id checked in one statement: any id that is not a live
 *    trainee the caller reaches fails the whole request (NOT_FOUND client not found,
 *    details.clientIds lists up to 20) and nothing is created;
 * 2. ONE statement inserts the programs (ACTIVE, copied from the template row in SQL) for the
 *    trainees without an ACTIVE or PAUSED program of the template, and their activity rows;
 * 3. the pushes of every new program in one notifyMany batch and one plan-activated job per new
 *    program in one enqueue statement;
 * 4. the answer: one entry per trainee now holding a program of the template (oldest such
 *    program), those not in the request included.
 * No hold mode. The ids travel as one jsonb parameter: 500 trainees cost a fixed number of statements.
 */
export async function assignTemplateInBulk(
  db: Db,
  scope: StudioScope,
  input: TemplateAssignBulkInput,
): Promise<BulkAssignmentResult> {
  const { studioId, now } = scope;
  const ids = [...new Set(input.clientIds)];
  const idsJson = JSON.stringify(ids);
  const reached = clientScope(accessOf(scope));
  return db.transaction(async (tx) => {
    const template = await loadSourceTemplate(tx, scope, input.id, { lock: true });
    const missing = resultRows<{ id: string }>(
      await tx.execute(sql`select w.id from jsonb_array_elements_text(${idsJson}::jsonb) as w(id)
        where not exists (select 1 from ${clients} where ${clients.id} = w.id
          and ${liveTrainees(scope)}
          ${reached ? sql`and ${reached}` : sql``})
        limit ${MISSING_SHOWN}`),
    );
    if (missing.length)
      throw new AppError("NOT_FOUND", "client not found", { clientIds: missing.map((m) => m.id) });

    const at = now.toISOString();
    const created = resultRows<ActivatedProgram>(
      await tx.execute(sql`with new_programs as (
          insert into ${programs} (id, studio_id, client_id, type, name, display_name, content, pdf_url,
            source_template_id, status, start_date, release_pending, created_at, updated_at)
          select gen_random_uuid()::text, ${studioId}, w.id, ${template.type}, ${template.name},
            ${template.displayName}, t.content, ${template.pdfUrl}, ${template.id}, 'ACTIVE',
            ${input.startDate ?? null}::date, false, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_array_elements_text(${idsJson}::jsonb) with ordinality as w(id, n)
          cross join (select content from ${programTemplates} where id = ${template.id}) as t
          where not exists (select 1 from ${programs} p where p.studio_id = ${studioId}
            and p.source_template_id = ${template.id} and p.client_id = w.id and p.status in (${held}))
          order by w.n
          returning id, client_id, type, name, display_name, start_date
        ), activities as (
          insert into ${traineeActivities} (id, studio_id, client_id, actor, action, entity_type, entity_id,
            type, data, created_at)
          select gen_random_uuid()::text, ${studioId}, np.client_id, 'TRAINER', 'ASSIGNED', 'PROGRAM', np.id,
            ${ACTIVITY_TYPE_OF[template.type] ?? "TRAINING_AND_NUTRITION_PLAN"},
            ${JSON.stringify({ templateId: template.id, templateName: template.name })}::jsonb,
            ${at}::timestamptz
          from new_programs np
        )
        select id, client_id as "clientId", type, name, display_name as "displayName",
          start_date::text as "startDate" from new_programs`),
    );
    await announceActivatedPrograms(tx, scope, created);

    const createdIds = new Set(created.map((p) => p.id));
    const holders = await tx
      .selectDistinctOn([programs.clientId], {
        programId: programs.id,
        clientId: programs.clientId,
        status: programs.status,
        createdAt: programs.createdAt,
      })
      .from(programs)
      .innerJoin(clients, and(liveTraineeOf(scope, programs.clientId), reached))
      .where(
        and(
          eq(programs.studioId, studioId),
          eq(programs.sourceTemplateId, template.id),
          inArray(programs.status, [...HELD_PROGRAM_STATUSES]),
        ),
      )
      .orderBy(asc(programs.clientId), asc(programs.createdAt), asc(programs.id));
    holders.sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0),
    );
    return {
      items: holders.map((h) => ({
        clientId: h.clientId,
        programId: h.programId,
        status: h.status as ProgramStatus,
        created: createdIds.has(h.programId),
      })),
    };
  });
}
