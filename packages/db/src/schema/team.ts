import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/** A team member of a studio. Dismissal keeps the row with active false. */
export const coaches = pgTable(
  "coaches",
  {
    id: id(),
    studioId: studioIdColumn(),
    externalUserId: text("external_user_id"),
    name: text("name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    role: text("role").$type<"HEAD_COACH" | "SUB_COACH">().notNull().default("SUB_COACH"),
    jobTitle: text("job_title"),
    permissionGroup: text("permission_group"),
    permissions: jsonb("permissions").$type<Record<string, unknown> | null>(),
    clientLimit: integer("client_limit"),
    active: boolean("active").notNull().default(true),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("coaches_studio_idx").on(t.studioId),
    uniqueIndex("coaches_studio_external_user_key")
      .on(t.studioId, t.externalUserId)
      .where(sql`${t.externalUserId} is not null`),
  ],
);
