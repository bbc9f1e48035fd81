import { z } from "zod";
import { boundedId } from "./bounded";
import { PersonalRecordSchema } from "./trainee-tracking";
import { TrackingRangeSchema } from "./tracking-views";

// Coach tracking, workouts (document 2 "Client tracking (computed views)": GET /workouts and
// GET /workouts/:logId, "Computation rules"). Dates are civil YYYY-MM-DD in the trainee's zone.
// Shapes the spec leaves open: docs/decisions/tracking.md "Coach tracking views (workouts)".

export const WORKOUT_VIEW_LIMITS = {
  /** Weeks of the weekly chart, whatever the range. */
  weeks: 8,
  /** Personal records listed (kpis.personalRecords counts all of the range). */
  personalRecords: 5,
  /** Earlier logs read as the record baseline. */
  baselineLogs: 500,
  /** Logs read for the range, the previous span and the eight weeks (at most 180 days). */
  windowLogs: 3000,
  /** Days of the steps strip. */
  stepsDays: 7,
  /** Same-type sessions scanned by the detail, newest first, this log included. */
  detailScan: 40,
  /** Sessions of the detail's volume history besides this one. */
  volumeHistoryEarlier: 7,
  /** Earlier sessions listed by the detail. */
  previousSessions: 5,
} as const;

export const WorkoutDetailQuery = z.object({ id: boundedId(), logId: boundedId() });
export type WorkoutDetailQuery = z.infer<typeof WorkoutDetailQuery>;

export const WorkoutStatusSchema = z
  .enum(["completed", "partial"])
  .describe("completed when the log is completed, partial with at least one done set");
export type WorkoutStatus = z.infer<typeof WorkoutStatusSchema>;

const durationSec = z
  .number()
  .int()
  .nullable()
  .describe("finishedAt minus startedAt in seconds; null without both or when not positive");

export const WorkoutWeekSchema = z
  .object({
    from: z.string().describe("Sunday"),
    to: z.string().describe("Saturday"),
    sessions: z.number().int().describe("completed and partial sessions"),
    completed: z.number().int(),
    volume: z.number().int().describe("kg × reps over done sets with both, rounded"),
  })
  .meta({ id: "WorkoutWeek" });

export const WorkoutSessionSchema = z
  .object({
    id: z.string(),
    date: z.string().describe("performedOn"),
    label: z.string().nullable(),
    dayId: z.string().nullable(),
    programId: z.string().nullable(),
    status: WorkoutStatusSchema,
    volume: z.number().int(),
    durationSec,
    exercises: z.number().int().describe("exercises with at least one done set"),
    doneSets: z.number().int(),
  })
  .meta({ id: "WorkoutSession" });
export type WorkoutSession = z.infer<typeof WorkoutSessionSchema>;

export const WorkoutKpisSchema = z
  .object({
    sessions: z.number().int().describe("completed and partial sessions in the span"),
    completed: z.number().int(),
    expected: z
      .number()
      .int()
      .nullable()
      .describe("weekly target × span days / 7, rounded; null without a target (no plan, file plan)"),
    totalVolume: z.number().int().describe("every session of the span"),
    averageDurationSec: z
      .number()
      .int()
      .nullable()
      .describe("completed sessions with a positive duration; null when none"),
    personalRecords: z.number().int().describe("records set in the span"),
  })
  .meta({ id: "WorkoutKpis" });
export type WorkoutKpis = z.infer<typeof WorkoutKpisSchema>;

export const WorkoutsViewSchema = z
  .object({
    range: TrackingRangeSchema,
    from: z.string(),
    to: z.string().describe("today in the trainee zone"),
    filePlan: z.boolean().describe("the active training plan is a file plan (PDF or link)"),
    weeklyTarget: z
      .number()
      .int()
      .nullable()
      .describe("the active plan's workouts per week; null without one"),
    weeks: z.array(WorkoutWeekSchema).describe("the last eight Sunday–Saturday weeks, oldest first"),
    logs: z
      .array(WorkoutSessionSchema)
      .describe("sessions in range, newest first (abandoned starts omitted)"),
    volume: z
      .array(z.object({ date: z.string(), workoutLogId: z.string(), volume: z.number().int() }))
      .describe("each session's volume in range, oldest first"),
    personalRecords: z
      .array(PersonalRecordSchema)
      .describe("the five most recent records in range, newest first"),
    steps: z.object({
      goal: z
        .number()
        .int()
        .nullable()
        .describe("the plan's daily steps when its requirement includes steps, else the trainee's goal"),
      days: z
        .array(
          z.object({ date: z.string(), steps: z.number().int().nullable().describe("null when not synced") }),
        )
        .describe("the last seven days, oldest first"),
      source: z
        .enum(["appleHealth", "healthConnect"])
        .nullable()
        .describe("by the platform of the latest device"),
    }),
    kpis: WorkoutKpisSchema,
    previous: WorkoutKpisSchema.nullable().describe(
      "the equal span before the range; null without a session",
    ),
  })
  .meta({ id: "WorkoutsView" });
export type WorkoutsView = z.infer<typeof WorkoutsViewSchema>;

const SetValuesSchema = z.object({
  weight: z.number().nullable().describe("null when not above zero"),
  reps: z.number().nullable(),
  targetReps: z.number().nullable(),
});

const BestSetSchema = z
  .object({ weight: z.number().nullable(), reps: z.number() })
  .meta({ id: "WorkoutBestSet" });

export const WorkoutExerciseDetailSchema = z
  .object({
    exerciseId: z.string().nullable(),
    name: z.string(),
    sets: z.array(SetValuesSchema).describe("done sets"),
    best: BestSetSchema.nullable().describe("top set by weight then reps among sets with reps above zero"),
    isPersonalRecord: z.boolean(),
    previousBest: BestSetSchema.nullable().describe(
      "best of the latest earlier session of this type holding it",
    ),
    deltaKg: z.number().nullable().describe("weight difference when both bests are weighted"),
    deltaReps: z.number().nullable().describe("reps difference when the comparison is not weighted"),
  })
  .meta({ id: "WorkoutExerciseDetail" });

const SessionPointSchema = z.object({
  workoutLogId: z.string(),
  date: z.string(),
  label: z.string().nullable(),
  status: WorkoutStatusSchema.nullable().describe("null only for an abandoned start viewed itself"),
  volume: z.number().int(),
  durationSec,
});

export const WorkoutDetailSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    label: z.string().nullable(),
    dayId: z.string().nullable(),
    programId: z.string().nullable(),
    completed: z.boolean(),
    status: WorkoutStatusSchema.nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    durationSec,
    volume: z.number().int(),
    exercises: z.array(WorkoutExerciseDetailSchema).describe("exercises with at least one done set"),
    volumeHistory: z
      .array(SessionPointSchema)
      .describe("this session and up to seven earlier ones of the same type, oldest first"),
    previousSessions: z
      .array(SessionPointSchema)
      .describe("up to five earlier sessions of the same type, newest first"),
  })
  .meta({ id: "WorkoutDetail" });
export type WorkoutDetail = z.infer<typeof WorkoutDetailSchema>;
