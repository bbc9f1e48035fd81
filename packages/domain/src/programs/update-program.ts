import { isDeepStrictEqual } from "node:util";
import { and, eq } from "drizzle-orm";
import type { Program, ProgramPatchInput } from "@studio/contracts";
import { programs, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { AppError, notFound } from "../errors";
import { notify } from "../notifications/notify";
import type { StudioScope } from "../scope";
import {
  planPatchChanges,
  templateContentToStore,
  type PlanContentType,
} from "../templates/template-content-to-store";
import { coachVariable, planVariable } from "./program-effects";
import { toProgram } from "./program-record";

type ProgramChanges = Partial<typeof programs.$inferInsert>;

/** JSON as stored (jsonb keeps no undefined members): what "the content changed" compares. */
const asStored = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

/**
 * PATCH /v1/web/programs/:id: a coach changes a program a trainee holds. Only the fields sent are
 * written; null clears displayName, startDate and pdfUrl. When content or pdfUrl is sent, the
 * content the program will hold passes the template save rule for the program's type
 * (templateContentToStore: a file program's content must pass the file plan rule, BAD_REQUEST;
 * TRAINING and NUTRITION content is normalized with the stored import keys restored; COMBINED kept
 * as sent) — exactly what a template save stores.
 *
 * The program must be the studio's, of a live trainee the caller reaches: NOT_FOUND "program not
 * found" otherwise, like a missing id. In the same transaction, when the program is ACTIVE and its
 * content (the normalized content or the PDF) or its schedule (startDate) actually changed, the
 * trainee is told through notify: PLAN_UPDATED ({{plan}}, {{coach}}), its 6-hour throttle shared
 * with every other PLAN_UPDATED of the trainee (a subscription assignment's too), recorded
 * THROTTLED inside the window. A rename, a no-op save, a held (PAUSED) program — the trainee has
 * not been told of it yet; its release sends the plan push — or an ENDED one push nothing. See
 * docs/decisions/templates-and-programs.md "Changing a held program".
 */
export async function updateProgram(db: Db, scope: StudioScope, input: ProgramPatchInput): Promise<Program> {
  const { studioId } = scope;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(programs)
      .where(and(eq(programs.id, input.id), eq(programs.studioId, studioId)))
      .for("update")
      .limit(1);
    if (!current) throw notFound("program");
    try {
      await loadLiveTrainee(tx, scope, current.clientId);
    } catch (error) {
      throw error instanceof AppError && error.code === "NOT_FOUND" ? notFound("program") : error;
    }

    const changes: ProgramChanges = planPatchChanges(current, input, [
      "name",
      "displayName",
      "startDate",
      "pdfUrl",
    ]);

    // The stored content read through the same rule: content that normalizes to what the program
    // already holds is no change (and is not rewritten).
    if (changes.content !== undefined) {
      const held = templateContentToStore({
        type: current.type as PlanContentType,
        pdfUrl: current.pdfUrl,
        content: current.content,
        stored: current.content,
      });
      const same = (content: unknown) => isDeepStrictEqual(asStored(changes.content), asStored(content));
      if (same(current.content) || (held.ok && same(held.content))) delete changes.content;
    }
    const contentChanged =
      changes.content !== undefined || (changes.pdfUrl !== undefined && changes.pdfUrl !== current.pdfUrl);
    const scheduleChanged = changes.startDate !== undefined && changes.startDate !== current.startDate;
    const anyChange = (Object.keys(changes) as (keyof ProgramChanges)[]).some((key) =>
      key === "content" ? true : changes[key] !== current[key],
    );
    if (!anyChange) return toProgram(current);

    const [row] = await tx
      .update(programs)
      .set({ ...changes, updatedAt: scope.now })
      .where(and(eq(programs.id, current.id), eq(programs.studioId, studioId)))
      .returning();
    if (row!.status === "ACTIVE" && (contentChanged || scheduleChanged))
      await notify(tx, scope, {
        clientId: row!.clientId,
        type: "PLAN_UPDATED",
        variables: { plan: planVariable(row!), coach: await coachVariable(tx, scope) },
        data: { programId: row!.id },
      });
    return toProgram(row!);
  });
}
