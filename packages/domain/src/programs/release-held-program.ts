import { and, eq, inArray } from "drizzle-orm";
import type { ProgramReleaseInput, ProgramReleaseResult } from "@studio/contracts";
import { clients, programs, type DbOrTx } from "@studio/db";
import type { StudioScope } from "../scope";
import { announceActivatedPrograms } from "./program-effects";
import { toProgram } from "./program-record";
import { liveTrainees } from "../clients/live-trainee";

/**
 * The release of hold mode (document 2 "States and transitions"): called by the forms module
 * when the intake response is submitted. Every program of the studio held for that response
 * (releasePending) becomes ACTIVE with releasePending false, then its pushes and its
 * plan-activated job follow, in one transaction. Idempotent: a second call finds nothing
 * pending and does nothing. A trainee deleted meanwhile gets the status change but no push or job.
 */
export async function releaseHeldProgram(
  db: DbOrTx,
  scope: StudioScope,
  input: ProgramReleaseInput,
): Promise<ProgramReleaseResult> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const released = await tx
      .update(programs)
      .set({ status: "ACTIVE", releasePending: false, updatedAt: now })
      .where(
        and(
          eq(programs.studioId, studioId),
          eq(programs.releaseResponseId, input.responseId),
          eq(programs.releasePending, true),
        ),
      )
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
