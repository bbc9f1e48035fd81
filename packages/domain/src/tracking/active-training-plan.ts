import { and, desc, eq } from "drizzle-orm";
import { programs, type DbOrTx } from "@studio/db";
import type { TrainingContent } from "@studio/contracts";
import type { StudioScope } from "../scope";
import { readTrainingContent } from "../templates/read-training-content";

/** The trainee's active training plan as progress reads it. */
export type ActiveTrainingPlan =
  | { kind: "none" }
  | { kind: "file" }
  | { kind: "plan"; programId: string; days: number; content: TrainingContent };

/**
 * The active plan (document 2 shared rules): the most recently updated ACTIVE program of exact
 * type TRAINING (COMBINED is ignored). A program with a pdfUrl is a file plan; otherwise its
 * day count is that of its normalized training content (at least one day).
 */
export async function loadActiveTrainingPlan(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
): Promise<ActiveTrainingPlan> {
  const [row] = await db
    .select({ id: programs.id, content: programs.content, pdfUrl: programs.pdfUrl })
    .from(programs)
    .where(
      and(
        eq(programs.clientId, clientId),
        eq(programs.studioId, scope.studioId),
        eq(programs.status, "ACTIVE"),
        eq(programs.type, "TRAINING"),
      ),
    )
    .orderBy(desc(programs.updatedAt), desc(programs.createdAt))
    .limit(1);
  if (!row) return { kind: "none" };
  if (row.pdfUrl) return { kind: "file" };
  const content = readTrainingContent(row.content);
  return { kind: "plan", programId: row.id, days: content.days.length, content };
}
