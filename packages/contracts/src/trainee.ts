import { z } from "zod";
import { ProgramTypeSchema } from "./programs";

/** `GET /v1/trainee/me`: the signed-in trainee, the studio, and whether the app is locked. */
export const TraineeMeSchema = z
  .object({
    id: z.string(),
    studioId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    timezone: z.string().nullable(),
    birthDate: z.string().nullable().describe("YYYY-MM-DD"),
    gender: z.enum(["MALE", "FEMALE", "OTHER"]).nullable(),
    heightCm: z.number().nullable(),
    weightKg: z.number().nullable(),
    goal: z.string().nullable(),
    goalWeightKg: z.number().nullable(),
    stepsGoal: z.number().int().nullable(),
    waterGoalMl: z.number().int().nullable(),
    studio: z
      .object({ id: z.string(), name: z.string(), timezone: z.string(), locale: z.string() })
      .describe("the trainee's studio"),
    preview: z.boolean().describe("true for a coach's read-only preview session"),
    appLocked: z
      .boolean()
      .describe("true while the plan is frozen or has ended: routes behind the app lock answer APP_LOCKED"),
  })
  .meta({ id: "TraineeMe" });
export type TraineeMe = z.infer<typeof TraineeMeSchema>;

/** `DELETE /v1/trainee/me`. */
export const TraineeAccountDeletionSchema = z
  .object({ deleted: z.literal(true), deletedAt: z.string().describe("ISO instant") })
  .meta({ id: "TraineeAccountDeletion" });
export type TraineeAccountDeletion = z.infer<typeof TraineeAccountDeletionSchema>;

/** Today's plan day of a program, by rotation from its start (docs/decisions/trainee-app.md "Trainee plans"). */
export const TraineePlanDaySchema = z
  .object({
    date: z.string().describe("today, YYYY-MM-DD in the trainee's zone"),
    offset: z.number().int().describe("days since the program's first day (0 = the first day)"),
    dayIndex: z.number().int().describe("index into content.days"),
    dayId: z.string(),
    label: z.string(),
  })
  .meta({ id: "TraineePlanDay" });
export type TraineePlanDay = z.infer<typeof TraineePlanDaySchema>;

export const TraineePlanSchema = z
  .object({
    id: z.string().describe("the program id (workout logs and plan-day meals reference it)"),
    type: ProgramTypeSchema,
    name: z.string(),
    displayName: z.string().nullable(),
    filePlan: z.boolean().describe("a PDF or link plan: pdfUrl is the plan, content holds no days"),
    pdfUrl: z.string().nullable(),
    startDate: z.string().nullable().describe("YYYY-MM-DD"),
    firstDay: z.string().describe("the day rotation counts from: startDate, else the assignment day"),
    content: z
      .record(z.string(), z.unknown())
      .describe(
        "TRAINING: normalized training content (schemaVersion 2, version 1 upgraded); NUTRITION: normalized nutrition content (schemaVersion 1); COMBINED and file plans: as stored",
      ),
    today: TraineePlanDaySchema.nullable().describe(
      "null for file and COMBINED plans, and before the first day",
    ),
    updatedAt: z.string(),
  })
  .meta({ id: "TraineePlan" });
export type TraineePlan = z.infer<typeof TraineePlanSchema>;

/** `GET /v1/trainee/plans`: the ACTIVE programs, most recently updated first. */
export const TraineePlanListSchema = z
  .object({
    today: z.string().describe("YYYY-MM-DD in the trainee's zone"),
    items: z.array(TraineePlanSchema),
  })
  .meta({ id: "TraineePlanList" });
export type TraineePlanList = z.infer<typeof TraineePlanListSchema>;
