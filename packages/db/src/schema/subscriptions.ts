import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * Plans, the studio's products (decisions.md "Supporting web routes": name, priceAgorot,
 * durationValue, durationUnit DAYS|MONTHS, isActive, trigger NONE|FIRST_PLAN). A null price
 * or duration is decided per trainee.
 */
export const plans = pgTable(
  "plans",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    priceAgorot: integer("price_agorot"),
    durationValue: integer("duration_value"),
    durationUnit: text("duration_unit"),
    isActive: boolean("is_active").notNull().default(true),
    trigger: text("trigger").notNull().default("NONE"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plans_studio_idx").on(t.studioId, t.isActive)],
);

/**
 * A trainee's subscription (decisions.md "Subscriptions and forms"): status PENDING, ACTIVE,
 * FROZEN, CANCELED, ENDED (live = PENDING, ACTIVE or FROZEN); a renewal queues behind the
 * running one; waitingForTrigger FIRST_PLAN starts it on the trainee's first program.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "restrict" }),
    status: text("status").notNull(),
    startDate: date("start_date"),
    endDate: date("end_date"),
    priceAgorot: integer("price_agorot"),
    durationValue: integer("duration_value").notNull(),
    durationUnit: text("duration_unit").notNull(),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    waitingForTrigger: text("waiting_for_trigger").notNull().default("NONE"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_studio_idx").on(t.studioId),
    index("subscriptions_client_idx").on(t.clientId, t.status),
    // The scheduler's lifecycle by date and its subscription pushes (every tick): live
    // subscriptions by end date, waiting ones by start date.
    index("subscriptions_live_end_idx")
      .on(t.endDate)
      .where(sql`${t.status} in ('PENDING', 'ACTIVE')`),
    index("subscriptions_pending_start_idx")
      .on(t.startDate)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
