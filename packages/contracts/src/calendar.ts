import { z } from "zod";
import { boundedDate, boundedDateOrDateTime, boundedDateTime, boundedId, boundedInt } from "./bounded";

/** Calendar (document 3 "Calendar event", "Trainee calendar"; decisions.md "Supporting web routes"). */
export const CalendarSlotTypeSchema = z.enum(["TRAINING", "CONVERSATION"]);
export type CalendarSlotType = z.infer<typeof CalendarSlotTypeSchema>;
export const CalendarEventStatusSchema = z.enum(["CONFIRMED", "CANCELLED"]);
export type CalendarEventStatus = z.infer<typeof CalendarEventStatusSchema>;
export const AvailabilityKindSchema = z.enum(["RECURRING", "DATE"]);
export type AvailabilityKind = z.infer<typeof AvailabilityKindSchema>;

export const CALENDAR_LIMITS = {
  /** Minutes of a day: window minutes run from 0 to 1440 (midnight of the next day). */
  minutesPerDay: 1440,
  /** Document 3 "Limits": slot generation walks at most 31 days from the start of the range. */
  slotWalkDays: 31,
  /** Slots answered by one GET /v1/trainee/calendar/slots (earliest first). */
  slotsPerAnswer: 3000,
  /** Availability windows one coach may hold. */
  windowsPerCoach: 50,
  /** The widest range GET /v1/web/calendar/events answers, in days. */
  eventRangeDays: 62,
} as const;

const minuteOfDay = boundedInt(0, CALENDAR_LIMITS.minutesPerDay);

/**
 * A range bound: an ISO date-time with offset, or a plain date read in the studio's zone
 * (`from` as the start of that day, `to` as the end of that day, so from=to=D is day D).
 */
const rangeBound = boundedDateOrDateTime();

// ---- availability windows (web lane) ----

/**
 * `POST /v1/web/calendar/availability`: RECURRING windows name a weekday (0 = Sunday) and no
 * date, DATE windows a date and no weekday; endMinute after startMinute; durationMin at most the
 * window's length.
 */
export const AvailabilityWindowCreateInput = z
  .object({
    coachId: boundedId(),
    kind: AvailabilityKindSchema,
    weekday: boundedInt(0, 6).nullable().optional().describe("0 = Sunday … 6 = Saturday; RECURRING only"),
    date: boundedDate().nullable().optional().describe("YYYY-MM-DD; DATE only"),
    startMinute: minuteOfDay.describe("minutes after local midnight (studio zone), 0 to 1440"),
    endMinute: minuteOfDay.describe("after startMinute; 1440 is midnight ending the day"),
    durationMin: boundedInt(1, CALENDAR_LIMITS.minutesPerDay).describe(
      "slot length in minutes; at most endMinute - startMinute",
    ),
    slotType: CalendarSlotTypeSchema,
    isActive: z.boolean().optional().describe("default true"),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "RECURRING") {
      if (input.weekday == null)
        ctx.addIssue({
          code: "custom",
          path: ["weekday"],
          message: "weekday is required for a RECURRING window",
        });
      if (input.date != null)
        ctx.addIssue({ code: "custom", path: ["date"], message: "date is only for a DATE window" });
    } else {
      if (input.date == null)
        ctx.addIssue({ code: "custom", path: ["date"], message: "date is required for a DATE window" });
      if (input.weekday != null)
        ctx.addIssue({
          code: "custom",
          path: ["weekday"],
          message: "weekday is only for a RECURRING window",
        });
    }
    if (input.endMinute <= input.startMinute)
      ctx.addIssue({ code: "custom", path: ["endMinute"], message: "endMinute must be after startMinute" });
    else if (input.durationMin > input.endMinute - input.startMinute)
      ctx.addIssue({
        code: "custom",
        path: ["durationMin"],
        message: "durationMin must not exceed the window's length",
      });
  });
export type AvailabilityWindowCreate = z.infer<typeof AvailabilityWindowCreateInput>;

export const AvailabilityWindowSchema = z
  .object({
    id: z.string(),
    coachId: z.string(),
    kind: AvailabilityKindSchema,
    weekday: z.number().int().nullable(),
    date: z.string().nullable(),
    startMinute: z.number().int(),
    endMinute: z.number().int(),
    durationMin: z.number().int(),
    slotType: CalendarSlotTypeSchema,
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AvailabilityWindow" });
export type AvailabilityWindowRecord = z.infer<typeof AvailabilityWindowSchema>;

/** `GET /v1/web/calendar/availability`. */
export const AvailabilityWindowListQuery = z.object({ coachId: boundedId().optional() });
export type AvailabilityWindowListFilters = z.infer<typeof AvailabilityWindowListQuery>;
export const AvailabilityWindowListSchema = z.object({ items: z.array(AvailabilityWindowSchema) });
export type AvailabilityWindowList = z.infer<typeof AvailabilityWindowListSchema>;

// ---- calendar events (both lanes) ----

export const CalendarEventSchema = z
  .object({
    id: z.string(),
    coachId: z.string(),
    traineeId: z.string().nullable(),
    title: z.string().describe("the trainee's name"),
    type: CalendarSlotTypeSchema,
    startsAt: z.string(),
    endsAt: z.string(),
    status: CalendarEventStatusSchema,
    cancelledAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CalendarEvent" });
export type CalendarEventRecord = z.infer<typeof CalendarEventSchema>;

/** A list of events with the studio's IANA zone (the zone window minutes are read in). */
export const CalendarEventListSchema = z.object({
  items: z.array(CalendarEventSchema),
  timezone: z.string(),
});
export type CalendarEventList = z.infer<typeof CalendarEventListSchema>;

/** `GET /v1/web/calendar/events`: events overlapping [from, to), at most 62 days, oldest first. */
export const CalendarEventListQuery = z.object({
  from: rangeBound,
  to: rangeBound.describe("after from; at most 62 days after it"),
  coachId: boundedId().optional(),
});
export type CalendarEventListFilters = z.infer<typeof CalendarEventListQuery>;

// ---- trainee calendar ----

/** `GET /v1/trainee/calendar/slots`. */
export const CalendarSlotQuery = z.object({
  from: rangeBound,
  to: rangeBound.describe("after from; the walk covers at most 31 days from from"),
  type: CalendarSlotTypeSchema.optional().describe("omit for both"),
});
export type CalendarSlotFilters = z.infer<typeof CalendarSlotQuery>;

export const CalendarSlotSchema = z
  .object({
    coachId: z.string(),
    type: CalendarSlotTypeSchema,
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .meta({ id: "CalendarSlot" });
export type CalendarSlotRecord = z.infer<typeof CalendarSlotSchema>;

export const CalendarSlotListSchema = z.object({
  items: z.array(CalendarSlotSchema),
  coachId: z.string().nullable().describe("the coach the slots are for; null when the studio has none"),
  timezone: z.string(),
});
export type CalendarSlotList = z.infer<typeof CalendarSlotListSchema>;

/** `POST /v1/trainee/calendar/book`: a slot exactly as GET /v1/trainee/calendar/slots returned it. */
export const CalendarBookInput = z
  .object({
    coachId: boundedId(),
    type: CalendarSlotTypeSchema,
    startsAt: boundedDateTime(),
    endsAt: boundedDateTime(),
  })
  .superRefine((input, ctx) => {
    if (Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endsAt must be after startsAt" });
  });
export type CalendarBook = z.infer<typeof CalendarBookInput>;
