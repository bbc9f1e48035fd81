import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { ProgramReleaseInput, ProgramReleaseResult } from "@studio/contracts";
import { clients, programs, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { announceActivatedPrograms } from "./program-effects";
import { toProgram } from "./program-record";
import { liveTrainees } from "../clients/live-trainee";

/**
 * The release of hold mode (document 2 "States and transitions"; the rule is ours, see
 * docs/decisions/templates-and-programs.md "Release"): programs held (PAUSED, releasePending)
 * become ACTIVE with releasePending false, then their pushes and the FIRST_PLAN start and
 * plan-activated job follow, in one transaction. Idempotent: a second call finds nothing pending
 * and does nothing. A trainee deleted meanwhile gets the status change but no push or job.
 */
export async function releaseProgramsWhere(
  db: DbOrTx,
  scope: StudioScope,
  which: SQL,
): Promise<ProgramReleaseResult> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const released = await tx
      .update(programs)
      .set({ status: "ACTIVE", releasePending: false, updatedAt: now })
      .where(and(eq(programs.studioId, studioId), eq(programs.releasePending, true), which))
      .returning();
    if (released.length === 0) return { released: [] };
    const live = new Set(
      (
        await tx
          .select({ id: clients.id })
          .from(clients)
          .where(and(inArray(clients.id, [...new Set(released.map((p) => p.clientId))]), liveTrainees(scope)))
      ).map((c) => c.id),
    );
    await announceActivatedPrograms(
      tx,
      scope,
      released.filter((p) => live.has(p.clientId)),
    );
    return { released: released.map(toProgram) };
  });
}

/** Every program of the studio held for this intake response. */
export async function releaseHeldProgram(
  db: DbOrTx,
  scope: StudioScope,
  input: ProgramReleaseInput,
): Promise<ProgramReleaseResult> {
  return releaseProgramsWhere(db, scope, eq(programs.releaseResponseId, input.responseId));
}

/**
 * An INTAKE submission of a trainee (the forms module calls it in the submission's
 * transaction): every program of that trainee held for an intake response — one of theirs by
 * hold mode's own check, submitted before this one, or this one — is released. The trainee has
 * (again) answered the intake the coach was waiting for.
 */
export async function releaseHeldProgramsOnIntake(
  db: DbOrTx,
  scope: StudioScope,
  input: { clientId: string; responseId: string },
): Promise<ProgramReleaseResult> {
  return releaseProgramsWhere(db, scope, eq(programs.clientId, input.clientId));
}
