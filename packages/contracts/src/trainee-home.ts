import { z } from "zod";
import { CalendarEventSchema } from "./calendar";
import { TraineeContentItemSchema } from "./content";
import { TraineeFormItemSchema } from "./form-assignments";
import { TraineePlanDaySchema } from "./trainee";

// GET /v1/trainee/home: the one call the app makes on open (docs/decisions/trainee-app.md "Home").

/** Today's day of the trainee's active program of one type (the most recently updated one). */
export const TraineeHomePlanSchema = z
  .object({
    programId: z.string(),
    name: z.string(),
    displayName: z.string().nullable(),
    filePlan: z.boolean().describe("a PDF or link plan: pdfUrl is the plan, it has no days"),
    pdfUrl: z.string().nullable(),
    today: TraineePlanDaySchema.nullable().describe(
      "today's plan day by rotation (GET /v1/trainee/plans); null for a file plan or before the first day",
    ),
    day: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        "today's day from the normalized content (exercises or meals), as GET /v1/trainee/plans holds it",
      ),
  })
  .meta({ id: "TraineeHomePlan" });
export type TraineeHomePlan = z.infer<typeof TraineeHomePlanSchema>;

export const TraineeHomeSchema = z
  .object({
    today: z.string().describe("YYYY-MM-DD in the trainee's zone"),
    timezone: z
      .string()
      .describe("the zone the day is keyed in (x-timezone, trainee, studio, Asia/Jerusalem)"),
    banner: TraineeContentItemSchema.nullable().describe(
      "the content item of the studio's live home banner (opens even when unpublished; a restricted item only once unlocked for this trainee); null when none",
    ),
    training: TraineeHomePlanSchema.nullable().describe("the active TRAINING program, or null"),
    nutrition: TraineeHomePlanSchema.nullable().describe("the active NUTRITION program, or null"),
    pendingForms: z
      .array(TraineeFormItemSchema)
      .describe("the pending forms the trainee can open now, oldest first (GET /v1/trainee/forms)"),
    water: z.object({
      waterMl: z.number().int().describe("today's total"),
      goalMl: z.number().int().describe("the trainee's water goal, else 0"),
    }),
    steps: z.object({
      steps: z.number().int().describe("today's steps, 0 when none recorded"),
      goal: z.number().int().nullable().describe("the trainee's steps goal"),
    }),
    nextMeeting: CalendarEventSchema.nullable().describe(
      "the trainee's next CONFIRMED meeting not yet ended (earliest start), or null",
    ),
  })
  .meta({ id: "TraineeHome" });
export type TraineeHome = z.infer<typeof TraineeHomeSchema>;
