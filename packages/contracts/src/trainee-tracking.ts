import { z } from "zod";
import {
  boundedDate,
  boundedDateOrDateTime,
  boundedDateTime,
  boundedId,
  boundedInt,
  boundedString,
  withoutNul,
} from "./bounded";

// Trainee progress and self tracking (document 3 "Trainee progress and self tracking", "Daily
// metric and logs", "Limits"; decisions.md field names). Day keys are YYYY-MM-DD in the
// trainee's zone (x-timezone, else the trainee's stored zone, else the studio's, else
// Asia/Jerusalem). Choices where the spec is silent: docs/decisions/tracking.md "Trainee tracking".

export const TRACKING_LIMITS = {
  weightKgMax: 500,
  weightNote: 200,
  measurementCmMax: 500,
  measurementNote: 1000,
  photoUrl: 1000,
  waterAmountMl: 5000,
  waterEntriesPerDay: 1000,
  waterId: 100,
  stepsMax: 100_000,
  cardioMinutesMax: 600,
  cardioDaysMax: 90,
  cardioPlanId: 100,
  healthDaysMax: 90,
  healthSamplesMax: 2000,
  healthSampleValueMax: 1_000_000,
  healthSampleUnit: 32,
  healthSampleExternalId: 200,
  /** Longest GET /v1/trainee/health/summary span (days). */
  healthSummaryDaysMax: 366,
  /** Day log rows of the measurement summary. */
  summaryLogRows: 120,
  /** Points of the summary's weight chart. */
  chartPoints: 12,
  /** Days of the summary's chart window. */
  chartWindowDays: 90,
  progressPhotos: 12,
  personalRecords: 5,
  personalRecordLogs: 200,
  streakWindowDays: 180,
} as const;
const L = TRACKING_LIMITS;

/** Positive and at most `max`, like every weight and circumference of document 3. */
const positiveUpTo = (max: number) =>
  z.number().gt(0, "must be greater than 0").max(max, `must be at most ${max}`);

// ---- weigh-ins ----

/**
 * Weight entry sources on every lane and view, as document 3 spells them: APP for the trainee app,
 * plus coach, form, automation, import (stored so in weight_entries.source; docs/decisions/tracking.md).
 */
export const WEIGHT_SOURCES = ["APP", "coach", "form", "automation", "import"] as const;
export const WeightSourceSchema = z.enum(WEIGHT_SOURCES);
export type WeightSource = z.infer<typeof WeightSourceSchema>;

export const WeightEntrySchema = z
  .object({
    id: z.string(),
    weightKg: z.number(),
    recordedAt: z.string().describe("the full instant"),
    note: z.string().nullable(),
    source: WeightSourceSchema,
    editable: z.boolean().describe("true only for weigh-ins the app created (source APP)"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WeightEntry" });
export type WeightEntryRecord = z.infer<typeof WeightEntrySchema>;

/** `POST /v1/trainee/weight` */
export const WeightLogInput = z.object({
  weightKg: positiveUpTo(L.weightKgMax),
  recordedAt: boundedDateTime().optional().describe("default now; not in the future"),
  note: boundedString(L.weightNote, { trim: true }).nullable().optional().describe("trimmed; blank is none"),
});
export type WeightLogInput = z.infer<typeof WeightLogInput>;

/** `PATCH /v1/trainee/weight/:id`: recordedAt cannot change (an unknown key is refused). */
export const WeightUpdateInput = z
  .object({
    id: boundedId(),
    weightKg: positiveUpTo(L.weightKgMax).optional(),
    note: boundedString(L.weightNote, { trim: true }).nullable().optional().describe("null clears"),
  })
  .strict();
export type WeightUpdateInput = z.infer<typeof WeightUpdateInput>;

// ---- measurements and daily metrics ----

export const MEASUREMENT_KEYS = ["chest", "waist", "hips", "arm", "thigh", "neck"] as const;
export type MeasurementKey = (typeof MEASUREMENT_KEYS)[number];
/** The five keys of the summary tiles, in order. */
export const TILE_KEYS = ["chest", "waist", "hips", "arm", "thigh"] as const;

/** Stored circumferences of one day (centimetres); absent keys were never sent that day. */
export const MeasurementValuesSchema = z
  .object(
    Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, z.number().optional()])) as {
      [K in MeasurementKey]: z.ZodOptional<z.ZodNumber>;
    },
  )
  .meta({ id: "MeasurementValues" });
export type MeasurementValues = z.infer<typeof MeasurementValuesSchema>;

export const WaterEntrySchema = z
  .object({
    id: z.string(),
    amountMl: z.number().int().describe("negative deducts"),
    at: z.string().describe("when the entry was added"),
    deductsEntryId: z.string().nullable().describe("the entry an undo entry deducted"),
  })
  .meta({ id: "WaterEntry" });
export type WaterEntry = z.infer<typeof WaterEntrySchema>;

export const DailyMetricSchema = z
  .object({
    id: z.string(),
    date: z.string().describe("the trainee's local day"),
    steps: z.number().int().nullable(),
    waterMl: z.number().int(),
    waterLogs: z.array(WaterEntrySchema),
    measurements: MeasurementValuesSchema,
    note: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "DailyMetric" });
export type DailyMetricRecord = z.infer<typeof DailyMetricSchema>;

const measurementInputs = Object.fromEntries(
  MEASUREMENT_KEYS.map((k) => [k, positiveUpTo(L.measurementCmMax).optional()]),
) as { [K in MeasurementKey]: z.ZodOptional<z.ZodNumber> };

/** `POST /v1/trainee/measurements`: sent keys merge over the day's stored ones. */
export const MeasurementsLogInput = z.object({
  ...measurementInputs,
  note: boundedString(L.measurementNote, { trim: true }).optional(),
  date: boundedDate().optional().describe("default today in the trainee zone; not in the future"),
});
export type MeasurementsLogInput = z.infer<typeof MeasurementsLogInput>;

// ---- photos ----

export const PHOTO_ANGLES = ["FRONT", "SIDE", "BACK"] as const;
export const PhotoAngleSchema = z.enum(PHOTO_ANGLES);

export const ProgressPhotoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    takenAt: z.string(),
    angle: PhotoAngleSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ProgressPhoto" });
export type ProgressPhotoRecord = z.infer<typeof ProgressPhotoSchema>;

/** `POST /v1/trainee/photos`: the image is uploaded first through the uploads router. */
export const PhotoAddInput = z.object({
  url: withoutNul(
    z
      .url({ protocol: /^https?$/, error: "must be an http or https URL" })
      .max(L.photoUrl, `must be at most ${L.photoUrl} characters`),
  ),
  takenAt: boundedDateTime().optional().describe("default now"),
  angle: PhotoAngleSchema.optional(),
});
export type PhotoAddInput = z.infer<typeof PhotoAddInput>;

// ---- water and steps ----

const waterId = () => boundedString(L.waterId, { min: 1 });

/** `GET /v1/trainee/water` */
export const WaterDayQuery = z.object({
  date: boundedDate().optional().describe("default today; not in the future"),
});

export const WaterDaySchema = z
  .object({
    date: z.string(),
    waterMl: z.number().int().describe("the day's total"),
    goalMl: z.number().int().describe("the trainee's water goal, else 0"),
    entries: z.array(WaterEntrySchema),
  })
  .meta({ id: "WaterDay" });
export type WaterDay = z.infer<typeof WaterDaySchema>;

/** `POST /v1/trainee/water` */
export const WaterAddInput = z.object({
  amountMl: boundedInt(-L.waterAmountMl, L.waterAmountMl)
    .refine((v) => v !== 0, "must not be 0")
    // The refinement is not JSON Schema; the document states it (issue 26 item 11).
    .meta({ not: { const: 0 } })
    .optional()
    .describe("-5000 to 5000, not 0; negative deducts; required unless deductEntryId is sent"),
  date: boundedDate().optional().describe("default today; not in the future"),
  requestId: waterId()
    .optional()
    .describe("becomes the entry id; an id already used that day changes nothing"),
  deductEntryId: waterId()
    .optional()
    .describe("undoes that entry (amountMl is ignored); a second undo changes nothing"),
});
export type WaterAddInput = z.infer<typeof WaterAddInput>;

/** `DELETE /v1/trainee/water/:entryId` */
export const WaterRemoveInput = z.object({
  entryId: waterId(),
  date: boundedDate().optional().describe("default today"),
});
export type WaterRemoveInput = z.infer<typeof WaterRemoveInput>;

/** What the water and steps writes answer: the day's totals. */
export const DayTotalsSchema = z
  .object({
    date: z.string(),
    waterMl: z.number().int(),
    steps: z.number().int().describe("0 when none were recorded"),
  })
  .meta({ id: "DayTotals" });
export type DayTotals = z.infer<typeof DayTotalsSchema>;

/** `POST /v1/trainee/steps`: sets today's steps. */
export const StepsSetInput = z.object({ steps: boundedInt(0, L.stepsMax) });
export type StepsSetInput = z.infer<typeof StepsSetInput>;

// ---- cardio ----

export const CARDIO_KINDS = ["walking", "running", "stairs", "cycling", "other"] as const;
export const CardioKindSchema = z.enum(CARDIO_KINDS);
export const CardioSourceSchema = z.enum(["WORKOUT", "MANUAL"]);

export const CardioSessionSchema = z
  .object({
    id: z.string(),
    kind: CardioKindSchema,
    minutes: z.number().int(),
    performedOn: z.string().describe("the local day"),
    startedAt: z.string(),
    planId: z.string().nullable(),
    planDayId: z.string().nullable(),
    source: CardioSourceSchema,
    createdAt: z.string(),
  })
  .meta({ id: "CardioSession" });
export type CardioSessionRecord = z.infer<typeof CardioSessionSchema>;

/** `POST /v1/trainee/cardio` */
export const CardioLogInput = z.object({
  kind: CardioKindSchema,
  minutes: boundedInt(1, L.cardioMinutesMax),
  date: boundedDate().optional().describe("default today; a day not started yet is refused"),
  planId: boundedString(L.cardioPlanId, { min: 1 }).optional(),
  planDayId: boundedString(L.cardioPlanId, { min: 1 }).optional(),
  source: CardioSourceSchema.optional().describe("default MANUAL"),
});
export type CardioLogInput = z.infer<typeof CardioLogInput>;

/** `GET /v1/trainee/cardio` */
export const CardioListQuery = z.object({
  days: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(L.cardioDaysMax, `must be at most ${L.cardioDaysMax}`)
    .optional()
    .describe("local days ending today; default 7"),
});
export type CardioListQuery = z.infer<typeof CardioListQuery>;

export const CardioListSchema = z
  .object({ from: z.string(), to: z.string(), items: z.array(CardioSessionSchema) })
  .meta({ id: "CardioList" });
export type CardioList = z.infer<typeof CardioListSchema>;

export const CardioEntryParam = z.object({ entryId: boundedId() });

// ---- health sync ----

/** `POST /v1/trainee/health/days` */
export const HealthDaysInput = z.object({
  days: z
    .array(z.object({ date: boundedDate(), steps: boundedInt(0, L.stepsMax) }))
    .min(1, "must hold at least 1 day")
    .max(L.healthDaysMax, `must hold at most ${L.healthDaysMax} days`),
});
export type HealthDaysInput = z.infer<typeof HealthDaysInput>;

export const HealthDaysResultSchema = z
  .object({ days: z.number().int().describe("days written (skipped days not counted)") })
  .meta({ id: "HealthDaysResult" });

/** `GET /v1/trainee/health/summary`: dates or date-times, read as the trainee's local days. */
export const HealthSummaryQuery = z.object({
  from: boundedDateOrDateTime().optional().describe("default 7 days ago"),
  to: boundedDateOrDateTime().optional().describe("default now"),
});
export type HealthSummaryQuery = z.infer<typeof HealthSummaryQuery>;

export const HealthSummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ date: z.string(), steps: z.number().int() })),
    restingHeartRate: z.null(),
    avgHeartRate: z.null(),
    latestHeartRate: z.null(),
  })
  .meta({ id: "HealthSummary" });
export type HealthSummary = z.infer<typeof HealthSummarySchema>;

/** `POST /v1/trainee/health/samples` (retired, kept so older builds do not fail). */
export const HealthSamplesInput = z.object({
  samples: z
    .array(
      z.object({
        type: z.enum(["STEPS", "HEART_RATE"]),
        value: z
          .number()
          .min(0, "must be at least 0")
          .max(L.healthSampleValueMax, `must be at most ${L.healthSampleValueMax}`),
        unit: boundedString(L.healthSampleUnit, { min: 1 }),
        source: z.enum(["HEALTHKIT", "HEALTH_CONNECT"]),
        externalId: boundedString(L.healthSampleExternalId, { min: 1 }),
        startedAt: boundedDateTime(),
        endedAt: boundedDateTime().describe("on or after startedAt"),
      }),
    )
    .min(1, "must hold at least 1 sample")
    .max(L.healthSamplesMax, `must hold at most ${L.healthSamplesMax} samples`),
});
export type HealthSamplesInput = z.infer<typeof HealthSamplesInput>;

export const HealthSamplesResultSchema = z
  .object({
    received: z.number().int(),
    stored: z
      .number()
      .int()
      .describe("new samples (a sample already stored by source and externalId is kept)"),
  })
  .meta({ id: "HealthSamplesResult" });

// ---- progress and the measurement summary ----

const nullableNumber = z.number().nullable();

export const PersonalRecordSchema = z
  .object({
    exerciseId: z.string().nullable(),
    name: z.string(),
    value: z.string().describe('display string, e.g. "100 kg × 5" or "12 reps"'),
    weight: nullableNumber,
    reps: z.number(),
    date: z.string().describe("performedOn of the session"),
    workoutLogId: z.string(),
  })
  .meta({ id: "PersonalRecord" });
export type PersonalRecord = z.infer<typeof PersonalRecordSchema>;

export const TraineeProgressSchema = z
  .object({
    weight: z.object({
      startKg: nullableNumber.describe("earliest weigh-in, else the trainee's weight"),
      currentKg: nullableNumber.describe("latest weigh-in, else the trainee's weight"),
      changeKg: nullableNumber.describe("current minus start"),
      goalKg: z.null().describe("always null here"),
    }),
    weighIns: z.array(
      z.object({
        id: z.string(),
        date: z.string().describe("the full instant"),
        weightKg: z.number(),
        source: WeightSourceSchema,
        note: z.string().nullable(),
      }),
    ),
    measurements: z.object({
      date: z.string().nullable().describe("the latest day with a measurement"),
      ...(Object.fromEntries(MEASUREMENT_KEYS.map((k) => [k, nullableNumber])) as {
        [K in MeasurementKey]: typeof nullableNumber;
      }),
    }),
    photos: z.array(ProgressPhotoSchema),
    streak: z.object({ current: z.number().int(), best: z.number().int() }),
    weeklyCompliance: z
      .number()
      .int()
      .nullable()
      .describe("percent; 0 without a training plan, null for a file plan"),
    personalRecords: z.array(PersonalRecordSchema),
  })
  .meta({ id: "TraineeProgress" });
export type TraineeProgress = z.infer<typeof TraineeProgressSchema>;

export const MeasurementSummarySchema = z
  .object({
    weights: z.object({
      startKg: nullableNumber,
      currentKg: nullableNumber,
      goalKg: nullableNumber,
      changeKg: nullableNumber,
    }),
    count: z.number().int().describe("weigh-ins plus days with measurements"),
    goalProgress: z.object({
      pct: z.number().int().nullable(),
      direction: z.enum(["lose", "gain"]).nullable(),
    }),
    chart: z.array(z.object({ date: z.string(), recordedAt: z.string(), weightKg: z.number() })),
    tiles: z.array(
      z.object({
        key: z.enum(TILE_KEYS),
        current: nullableNumber,
        first: nullableNumber,
        delta: nullableNumber.describe("current minus first; null under two values"),
      }),
    ),
    log: z.array(
      z.object({
        date: z.string(),
        time: z.string().describe("HH:mm in the trainee zone"),
        weightEntryId: z.string().nullable(),
        weightKg: nullableNumber,
        note: z.string().nullable(),
        source: WeightSourceSchema,
        editable: z.boolean(),
        measurements: MeasurementValuesSchema.nullable(),
      }),
    ),
  })
  .meta({ id: "MeasurementSummary" });
export type MeasurementSummary = z.infer<typeof MeasurementSummarySchema>;
