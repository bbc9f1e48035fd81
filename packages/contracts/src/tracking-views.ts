import { z } from "zod";
import { boundedDate, boundedId, boundedString } from "./bounded";
import { positiveDecimalPattern } from "./numeric-pattern";
import { pagingQuery, paged } from "./paging";
import {
  DailyMetricSchema,
  TILE_KEYS,
  WeightSourceSchema,
  MeasurementValuesSchema,
} from "./trainee-tracking";
import { MealLogSchema, WorkoutLogSchema } from "./trainee-logs";

// Coach tracking (document 2 "Raw tracking lists (read only)" and "Client tracking (computed
// views)": summary, weight, POST weights and measurements). Dates are civil YYYY-MM-DD in the
// trainee's zone (trainee, else studio, else Asia/Jerusalem). Card fields the spec leaves open:
// docs/decisions/tracking.md "Coach tracking views (summary, weight)".

export const TRACKING_VIEW_LIMITS = {
  coachWeightKgMax: 500,
  coachMeasurementCmMax: 300,
  coachNote: 500,
  appActivityDays: 14,
} as const;
const L = TRACKING_VIEW_LIMITS;

// ---- raw tracking lists ----

/** Query of the three raw lists: clientId required; from/to inclusive; page/pageSize (default 20, max 500). */
export const RawTrackingQuery = z.object({
  clientId: boundedId(),
  from: boundedDate().optional().describe("YYYY-MM-DD, inclusive"),
  to: boundedDate().optional().describe("YYYY-MM-DD, inclusive"),
  ...pagingQuery(),
});
export type RawTrackingQuery = z.infer<typeof RawTrackingQuery>;

const withClient = <T extends z.ZodObject>(schema: T) => schema.extend({ clientId: z.string() });

export const RawDailyMetricSchema = withClient(DailyMetricSchema).meta({ id: "RawDailyMetric" });
/** The JSON columns come back as stored (their inner shape is not part of the contract, document 2). */
const storedJsonList = () => z.array(z.unknown()).describe("the stored JSON list, as stored");
export const RawMealLogSchema = withClient(MealLogSchema)
  .extend({ items: storedJsonList() })
  .meta({ id: "RawMealLog" });
export const RawWorkoutLogSchema = withClient(WorkoutLogSchema)
  .extend({ entries: storedJsonList() })
  .meta({ id: "RawWorkoutLog" });
export const RawDailyMetricPageSchema = paged(RawDailyMetricSchema);
export const RawMealLogPageSchema = paged(RawMealLogSchema);
export const RawWorkoutLogPageSchema = paged(RawWorkoutLogSchema);
export type RawDailyMetricPage = z.infer<typeof RawDailyMetricPageSchema>;
export type RawMealLogPage = z.infer<typeof RawMealLogPageSchema>;
export type RawWorkoutLogPage = z.infer<typeof RawWorkoutLogPageSchema>;

// ---- shared query ----

export const TRACKING_RANGES = ["7d", "30d", "3m"] as const;
export const TrackingRangeSchema = z.enum(TRACKING_RANGES).meta({ id: "TrackingRange" });
export type TrackingRange = z.infer<typeof TrackingRangeSchema>;
/** Days of each range, ending today (document 2 shared rules). */
export const TRACKING_RANGE_DAYS: Record<TrackingRange, number> = { "7d": 7, "30d": 30, "3m": 90 };

export const TrackingRangeQuery = z.object({
  id: boundedId(),
  range: TrackingRangeSchema.default("30d").describe("7d, 30d or 3m (7, 30 and 90 days ending today)"),
});
export type TrackingRangeQuery = z.infer<typeof TrackingRangeQuery>;

// ---- summary ----

export const AppActivityDaySchema = z
  .object({
    date: z.string().describe("YYYY-MM-DD in the trainee zone"),
    workout: z.boolean().describe("a session that day: a completed log or one with at least one done set"),
    workouts: z.number().int().describe("sessions that day"),
    mealsLogged: z
      .number()
      .int()
      .describe(
        "free meal logs, plan meals marked eaten/eatenOutside/replaced and custom meals without a log",
      ),
    waterMl: z.number().int(),
    steps: z.number().int().nullable().describe("null when not synced"),
    weighIn: z.boolean(),
    measured: z.boolean().describe("a circumference recorded that day"),
    active: z.boolean().describe("anything of the above logged that day"),
  })
  .meta({ id: "AppActivityDay" });
export type AppActivityDay = z.infer<typeof AppActivityDaySchema>;

export const TrackingSummarySchema = z
  .object({
    today: z.string(),
    timezone: z.string(),
    appActivity: z.array(AppActivityDaySchema).describe("14 entries, oldest first, ending today"),
    weight: z.object({
      currentKg: z.number().nullable().describe("latest weigh-in, else the trainee's weight"),
      startKg: z.number().nullable().describe("first weigh-in, else the trainee's weight"),
      goalKg: z.number().nullable(),
      changeKg: z.number().nullable().describe("current minus start; null with fewer than two weigh-ins"),
      lastWeighInAt: z.string().nullable(),
      lastWeighInDate: z.string().nullable(),
      weighIns: z.number().int(),
    }),
    workouts: z.object({
      lastWorkoutOn: z.string().nullable().describe("latest day with a session"),
      streak: z.object({ current: z.number().int(), best: z.number().int() }).describe("over 180 local days"),
      last7Days: z.number().int().describe("sessions in the last 7 days"),
      last30Days: z.number().int().describe("sessions in the last 30 days"),
    }),
    nutrition: z.object({
      daysLogged7: z.number().int().describe("days with a logged meal in the last 7 days"),
      adherencePct7: z.number().int().describe("daysLogged7 / 7, rounded percent"),
      lastMealOn: z.string().nullable(),
    }),
    steps: z.object({
      average7: z.number().int().nullable().describe("average over the synced days of the last 7"),
      goal: z.number().int().nullable().describe("the trainee's steps goal"),
    }),
    water: z.object({
      average7Ml: z.number().int().nullable().describe("average over the days with water in the last 7"),
      goalMl: z.number().int().nullable(),
    }),
    activity: z.object({
      activeDays14: z.number().int().describe("appActivity entries with active true"),
      lastActiveOn: z.string().nullable().describe("latest day with any log (within 180 days)"),
    }),
  })
  .meta({ id: "TrackingSummary" });
export type TrackingSummary = z.infer<typeof TrackingSummarySchema>;

// ---- weight view ----

export const WeightPointSchema = z
  .object({
    id: z.string(),
    date: z.string().describe("local day of recordedAt"),
    time: z.string().describe("HH:mm in the trainee zone"),
    recordedAt: z.string(),
    weightKg: z.number(),
    deltaKg: z.number().nullable().describe("against the previous weigh-in over full history"),
    note: z.string().nullable(),
    source: WeightSourceSchema,
  })
  .meta({ id: "WeightPoint" });

export const CircumferenceTileSchema = z
  .object({
    key: z.enum(TILE_KEYS),
    current: z.number().nullable(),
    first: z.number().nullable(),
    delta: z.number().nullable().describe("latest minus first over all time; null under two values"),
    improving: z
      .boolean()
      .nullable()
      .describe("up for arm, down for the rest; null under two values or zero delta"),
  })
  .meta({ id: "CircumferenceTile" });

export const WeightViewSchema = z
  .object({
    range: TrackingRangeSchema,
    from: z.string(),
    to: z.string(),
    startKg: z.number().nullable(),
    currentKg: z.number().nullable(),
    goalKg: z.number().nullable(),
    deltaKg: z.number().nullable().describe("current minus start; needs two weigh-ins"),
    goalProgress: z.object({
      pct: z.number().int().nullable(),
      direction: z.enum(["lose", "gain"]).nullable(),
    }),
    weeklyRateKg: z.number().nullable(),
    weighInEveryDays: z.number().nullable(),
    points: z.array(WeightPointSchema).describe("weigh-ins in range, oldest first"),
    log: z.array(WeightPointSchema).describe("weigh-ins in range, newest first"),
    history: z
      .array(
        z.object({ date: z.string(), measurements: MeasurementValuesSchema, note: z.string().nullable() }),
      )
      .describe("days in range with at least one circumference, newest first"),
    circumferences: z.object({ tiles: z.array(CircumferenceTileSchema) }),
  })
  .meta({ id: "WeightView" });
export type WeightView = z.infer<typeof WeightViewSchema>;

// ---- coach writes ----

const coachNote = () =>
  boundedString(L.coachNote, { trim: true }).optional().describe(`trimmed, max ${L.coachNote}`);
// "Coerced" (document 2): a number, or a decimal number sent as a string ("72.5"); nothing else.
// Both forms state the range (0 < value <= max) in the document (issue 26 item 11).
const positiveCoerced = (max: number) =>
  z.union([
    z.number().gt(0, "must be greater than 0").max(max, `must be at most ${max}`),
    z
      .string()
      .max(32)
      .regex(positiveDecimalPattern(max), `must be a number greater than 0 and at most ${max}`)
      .transform((value) => Number(value.trim())),
  ]);

/** `POST /v1/web/clients/:id/tracking/weights` */
export const CoachWeightInput = z.object({
  id: boundedId(),
  weightKg: positiveCoerced(L.coachWeightKgMax),
  date: boundedDate().optional().describe("YYYY-MM-DD; default today in the trainee zone; not in the future"),
  note: coachNote(),
});
export type CoachWeightInput = z.infer<typeof CoachWeightInput>;

const tileInputs = Object.fromEntries(
  TILE_KEYS.map((k) => [k, positiveCoerced(L.coachMeasurementCmMax).optional()]),
) as { [K in (typeof TILE_KEYS)[number]]: z.ZodOptional<ReturnType<typeof positiveCoerced>> };

/** `POST /v1/web/clients/:id/tracking/measurements` */
export const CoachMeasurementsInput = z.object({
  id: boundedId(),
  date: boundedDate().optional().describe("YYYY-MM-DD; default today in the trainee zone; not in the future"),
  ...tileInputs,
  note: coachNote(),
});
export type CoachMeasurementsInput = z.infer<typeof CoachMeasurementsInput>;

export const CoachMeasurementsSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    values: z
      .object(
        Object.fromEntries(TILE_KEYS.map((k) => [k, z.number().nullable()])) as {
          [K in (typeof TILE_KEYS)[number]]: z.ZodNullable<z.ZodNumber>;
        },
      )
      .describe("the day's five circumferences after the merge (null when absent)"),
    note: z.string().nullable(),
  })
  .meta({ id: "CoachMeasurements" });
export type CoachMeasurements = z.infer<typeof CoachMeasurementsSchema>;
