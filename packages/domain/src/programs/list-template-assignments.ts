import { and, asc, eq, inArray } from "drizzle-orm";
import { HELD_PROGRAM_STATUSES, type ProgramAssignmentList, type ProgramStatus } from "@studio/contracts";
import { clients, programs, type Db } from "@studio/db";
import { type StudioScope } from "../scope";
import { loadSourceTemplate } from "./source-template";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * GET /v1/web/program-templates/:id/assignments: the trainees holding a program from the
 * template with status ACTIVE or PAUSED, oldest program first (a trainee with two appears
 * twice). Live trainees only, and only those the caller reaches (assigned-trainees coaches see
 * their own). NOT_FOUND for a missing or foreign template.
 */
export async function listTemplateAssignments(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<ProgramAssignmentList> {
  const { studioId } = scope;
  const template = await loadSourceTemplate(db, scope, input.id);
  const rows = await db
    .select({
      programId: programs.id,
      clientId: programs.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      status: programs.status,
      startDate: programs.startDate,
      createdAt: programs.createdAt,
    })
    .from(programs)
    .innerJoin(clients, liveTraineeOf(scope, programs.clientId, { reach: true }))
    .where(
      and(
        eq(programs.studioId, studioId),
        eq(programs.sourceTemplateId, template.id),
        inArray(programs.status, [...HELD_PROGRAM_STATUSES]),
      ),
    )
    .orderBy(asc(programs.createdAt), asc(programs.id));
  return {
    items: rows.map(({ createdAt, status, ...row }) => ({
      ...row,
      status: status as ProgramStatus,
      assignedAt: createdAt.toISOString(),
    })),
  };
}
