import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * Forms (decisions.md "Supporting web routes": name, type, isActive, isPublished, fields,
 * documentUrl). type includes INTAKE (the hold mode of program assignment waits on one) and
 * PDF_SIGNATURE. The forms module (automation issue) owns the routes and the assignments.
 */
export const forms = pgTable(
  "forms",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    isPublished: boolean("is_published").notNull().default(true),
    fields: jsonb("fields")
      .notNull()
      .default(sql`'[]'::jsonb`),
    documentUrl: text("document_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("forms_studio_idx").on(t.studioId)],
);

/** A trainee's submitted answers to a form. */
export const formResponses = pgTable(
  "form_responses",
  {
    id: id(),
    studioId: studioIdColumn(),
    formId: text("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    answers: jsonb("answers")
      .notNull()
      .default(sql`'{}'::jsonb`),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_responses_studio_idx").on(t.studioId),
    index("form_responses_client_idx").on(t.clientId, t.formId),
  ],
);
