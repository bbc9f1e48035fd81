import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/**
 * A form sent to one trainee (decisions.md "Subscriptions and forms"): PENDING until submitted
 * (SUBMITTED) or withdrawn (CANCELED). frozenSchema is the form's fields and document as they were
 * at send time (a later edit of the form does not change what this trainee fills or signs);
 * prefill holds the coach-filled values of a PDF_SIGNATURE form. tokenHash is the SHA-256 of the
 * signing link's 128-bit token (PDF_SIGNATURE only; the token itself is returned once, in
 * signingUrl). pushMode is the three-state push flag: NOW (announced at send), NEVER, DEFERRED
 * (the hourly pending-form notifier announces it once visible; announcedAt marks it done).
 */
export const formAssignments = pgTable(
  "form_assignments",
  {
    id: id(),
    studioId: studioIdColumn(),
    formId: text("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** PENDING | SUBMITTED | CANCELED */
    status: text("status").notNull().default("PENDING"),
    visibleFrom: timestamp("visible_from", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
    tokenHash: text("token_hash"),
    prefill: jsonb("prefill")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    frozenSchema: jsonb("frozen_schema").notNull(),
    /** NOW | NEVER | DEFERRED */
    pushMode: text("push_mode").notNull().default("NOW"),
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    /** coach | automation | onboarding | schedule: who sent it. */
    source: text("source").notNull().default("coach"),
    /**
     * The check-in form day (trainee-local date) of a recurring check-in copy (source schedule):
     * with the unique index below, the scheduler's claim (one copy per trainee, form and day).
     */
    scheduleDay: date("schedule_day", { mode: "string" }),
    /** Signing audit of a PDF_SIGNATURE link (time, IP, user agent, phone, SHA-256 of the document). */
    signingAudit: jsonb("signing_audit"),
    /** Object-storage key of the signed PDF (PDF_SIGNATURE, once signed). */
    signedDocumentKey: text("signed_document_key"),
    createdAt: createdAt(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
  },
  (t) => [
    index("form_assignments_studio_idx").on(t.studioId),
    index("form_assignments_client_idx").on(t.clientId, t.status),
    uniqueIndex("form_assignments_token_key")
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    // The hourly reminder and notifier scans read pending assignments by visibility.
    index("form_assignments_visible_from_idx")
      .on(t.visibleFrom)
      .where(sql`${t.status} = 'PENDING'`),
    index("form_assignments_deferred_idx")
      .on(t.visibleFrom)
      .where(sql`${t.pushMode} = 'DEFERRED' and ${t.announcedAt} is null and ${t.status} = 'PENDING'`),
    uniqueIndex("form_assignments_schedule_day_key")
      .on(t.clientId, t.formId, t.scheduleDay)
      .where(sql`${t.scheduleDay} is not null`),
  ],
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
    /** The assignment this response completes (null for responses recorded before assignments existed). */
    assignmentId: text("assignment_id").references(() => formAssignments.id, { onDelete: "set null" }),
    /** The signed PDF of a PDF_SIGNATURE form; null otherwise. */
    documentUrl: text("document_url"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_responses_studio_idx").on(t.studioId),
    index("form_responses_client_idx").on(t.clientId, t.formId),
    uniqueIndex("form_responses_assignment_key")
      .on(t.assignmentId)
      .where(sql`${t.assignmentId} is not null`),
  ],
);
