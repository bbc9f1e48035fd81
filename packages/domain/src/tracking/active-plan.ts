import { and, desc, eq } from "drizzle-orm";
import { programs, type DbOrTx } from "@studio/db";
import type { NutritionContent, TrainingContent } from "@studio/contracts";
import type { StudioScope } from "../scope";
import { normalizeNutritionContent } from "../templates/normalize-nutrition-content";
import { readTrainingContent } from "../templates/read-training-content";

/** The trainee's active plan of one type: none, a file plan (pdfUrl: PDF or link), or its content. */
export type ActivePlan<C> =
  { kind: "none" } | { kind: "file"; programId: string } | { kind: "plan"; programId: string; content: C };

/** The content each plan type is read as (training version 1 upgraded, nutrition normalized). */
interface PlanContent {
  TRAINING: TrainingContent;
  NUTRITION: NutritionContent;
}

export type ActivePlanType = keyof PlanContent;
export type ActiveTrainingPlan = ActivePlan<TrainingContent>;
export type ActiveNutritionPlan = ActivePlan<NutritionContent>;

const readContent: { [T in ActivePlanType]: (stored: unknown) => PlanContent[T] } = {
  TRAINING: readTrainingContent,
  NUTRITION: normalizeNutritionContent,
};

/**
 * The active plan of a type (document 2 shared rules): the most recently updated ACTIVE program
 * of the trainee of exactly that type (COMBINED is ignored). A program with a pdfUrl is a file
 * plan; otherwise its content is read for its type.
 */
export async function loadActivePlan<T extends ActivePlanType>(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  type: T,
): Promise<ActivePlan<PlanContent[T]>> {
  const [row] = await db
    .select({ id: programs.id, content: programs.content, pdfUrl: programs.pdfUrl })
    .from(programs)
    .where(
      and(
        eq(programs.clientId, clientId),
        eq(programs.studioId, scope.studioId),
        eq(programs.status, "ACTIVE"),
        eq(programs.type, type),
      ),
    )
    .orderBy(desc(programs.updatedAt), desc(programs.createdAt))
    .limit(1);
  if (!row) return { kind: "none" };
  if (row.pdfUrl) return { kind: "file", programId: row.id };
  return { kind: "plan", programId: row.id, content: readContent[type](row.content) };
}
