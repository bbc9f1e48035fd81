import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";
import { coaches } from "./team";

/** A coach's availability window: RECURRING on a weekday (0 = Sunday) or DATE bound to one date. */
export const availabilityWindows = pgTable(
  "availability_windows",
  {
    id: id(),
    studioId: studioIdColumn(),
    coachId: text("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    weekday: integer("weekday"),
    date: date("date", { mode: "string" }),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
    durationMin: integer("duration_min").notNull(),
    /** TRAINING | CONVERSATION */
    slotType: text("slot_type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("availability_windows_studio_coach_idx").on(t.studioId, t.coachId)],
);

/**
 * A calendar event. Double booking is impossible: the migration adds an exclusion constraint
 * (calendar_events_no_overlap) on the coach's [startsAt, endsAt) range for non-CANCELLED events.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: id(),
    studioId: studioIdColumn(),
    coachId: text("coach_id")
      .notNull()
      .references(() => coaches.id, { onDelete: "cascade" }),
    clientId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** TRAINING | CONVERSATION */
    type: text("type").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** CONFIRMED | CANCELLED */
    status: text("status").notNull().default("CONFIRMED"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("calendar_events_studio_coach_idx").on(t.studioId, t.coachId, t.startsAt),
    index("calendar_events_client_idx").on(t.clientId, t.startsAt),
    // The scheduler's meeting reminders (every tick): confirmed meetings by start.
    index("calendar_events_confirmed_starts_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'CONFIRMED'`),
  ],
);
