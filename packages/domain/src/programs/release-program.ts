import { and, eq } from "drizzle-orm";
import type { Program } from "@studio/contracts";
import { programs, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError, notFound } from "../errors";
import type { StudioScope } from "../scope";
import { releaseProgramsWhere } from "./release-held-program";

/**
 * `POST /v1/web/programs/{id}/release`: a coach releases one held program now. The program must
 * be the studio's, of a live trainee the caller reaches (NOT_FOUND program not found otherwise,
 * like a missing one), and held (CONFLICT "program is not held for release": an ACTIVE program, or
 * one released already). Answers the program, ACTIVE.
 */
export async function releaseProgram(db: Db, scope: StudioScope, input: { id: string }): Promise<Program> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: programs.id, clientId: programs.clientId, releasePending: programs.releasePending })
      .from(programs)
      .where(and(eq(programs.id, input.id), eq(programs.studioId, scope.studioId)))
      .for("update")
      .limit(1);
    if (!row) throw notFound("program");
    try {
      await loadLiveTrainee(tx, scope, row.clientId);
    } catch (error) {
      throw error instanceof AppError && error.code === "NOT_FOUND" ? notFound("program") : error;
    }
    if (!row.releasePending) throw new AppError("CONFLICT", "program is not held for release");
    const { released } = await releaseProgramsWhere(tx, scope, eq(programs.id, row.id));
    return released[0]!;
  });
}
