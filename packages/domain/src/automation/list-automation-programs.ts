import { and, desc, eq } from "drizzle-orm";
import type { AutomationProgramEntry, ProgramStatus, ProgramType } from "@studio/contracts";
import { programs, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import type { ApiKeyScope } from "../scope";

/** Document 3 "Program template reference and program": at most 50 entries. */
const PROGRAMS_SHOWN = 50;

/**
 * `GET /v1/automation/trainees/{id}/programs`: the trainee's programs in every status, newest
 * first (assigned, then id), at most 50, without their content. Unknown, deleted or another
 * studio's trainee: NOT_FOUND client not found (400 on the lane).
 */
export async function listAutomationPrograms(
  db: Db,
  scope: ApiKeyScope,
  input: { id: string },
): Promise<{ items: AutomationProgramEntry[] }> {
  const client = await loadLiveTrainee(db, scope, input.id);
  const rows = await db
    .select({
      id: programs.id,
      name: programs.name,
      displayName: programs.displayName,
      type: programs.type,
      status: programs.status,
      startDate: programs.startDate,
      sourceTemplateId: programs.sourceTemplateId,
      pdfUrl: programs.pdfUrl,
      releasePending: programs.releasePending,
      createdAt: programs.createdAt,
      updatedAt: programs.updatedAt,
    })
    .from(programs)
    .where(and(eq(programs.studioId, scope.studioId), eq(programs.clientId, client.id)))
    .orderBy(desc(programs.createdAt), desc(programs.id))
    .limit(PROGRAMS_SHOWN);
  return {
    items: rows.map((r) => ({
      ...r,
      type: r.type as ProgramType,
      status: r.status as ProgramStatus,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
