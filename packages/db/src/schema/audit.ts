import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * Audit entries of the automation lane (document 3 "Response envelope": writes record an
 * audit entry with the API key id as actor). Written in the same transaction as the write
 * it records, so an entry exists if and only if the write committed.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: id(),
    studioId: studioIdColumn(),
    /** Who acted: api_key today (the only actor the spec audits). */
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    /** automation.trainee.create, automation.subscription.assign, ... */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_entries_studio_idx").on(t.studioId, t.createdAt)],
);
