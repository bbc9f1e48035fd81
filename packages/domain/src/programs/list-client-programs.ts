import { and, desc, eq } from "drizzle-orm";
import type { ClientProgramsInput, ProgramPage } from "@studio/contracts";
import { clients, programs, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { toProgram } from "./program-record";

/**
 * GET /v1/web/clients/:id/programs: the trainee's programs in every status (ACTIVE, PAUSED while
 * held, ENDED), newest first, paged. 404 client not found outside the caller's reach (another
 * studio's trainee, one a limited coach is not assigned, a deleted one), like a missing one.
 */
export async function listClientPrograms(
  db: Db,
  scope: StudioScope,
  input: ClientProgramsInput,
): Promise<ProgramPage> {
  const client = await loadLiveTrainee(db, scope, input.id, { select: { id: clients.id } });
  const where = and(eq(programs.studioId, scope.studioId), eq(programs.clientId, client.id));
  const { rows, total } = await selectPage(db, input, {
    table: programs,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(programs)
        .where(where)
        .orderBy(desc(programs.createdAt), desc(programs.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toProgram), total };
}
