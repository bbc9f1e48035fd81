import { sql } from "drizzle-orm";
import { boolean, date, foreignKey, index, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, updatedAt } from "./columns";
import { studioIdColumn } from "./studio";

/**
 * Folders of program templates. Document 2 shows no folder routes; the table exists so a
 * template's folderId is a real reference ("a bad id fails at the database with CONFLICT").
 */
export const templateFolders = pgTable(
  "template_folders",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("template_folders_studio_idx").on(t.studioId),
    // The target of templates' (studio_id, folder_id) reference: a folder of another studio is no folder.
    unique("template_folders_studio_id_key").on(t.studioId, t.id),
  ],
);

/** Program templates (document 2 "Program template"): TRAINING, NUTRITION or COMBINED plans. */
export const programTemplates = pgTable(
  "program_templates",
  {
    id: id(),
    studioId: studioIdColumn(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    displayName: text("display_name"),
    description: text("description"),
    level: text("level"),
    folderId: text("folder_id"),
    pdfUrl: text("pdf_url"),
    content: jsonb("content")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("program_templates_studio_updated_idx").on(t.studioId, t.updatedAt.desc(), t.id.desc()),
    index("program_templates_folder_idx").on(t.studioId, t.folderId),
    // Not checked by the API (document 2): an unknown or another studio's folder fails here (CONFLICT).
    foreignKey({
      name: "program_templates_folder_fk",
      columns: [t.studioId, t.folderId],
      foreignColumns: [templateFolders.studioId, templateFolders.id],
    }),
  ],
);

/**
 * A trainee's program, copied from a template on assignment. sourceTemplateId is a plain
 * column (no foreign key): deleting the template leaves the stale id (document 2).
 * status: ACTIVE, PAUSED (hold mode until the intake response releases it), ENDED.
 */
export const programs = pgTable(
  "programs",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    name: text("name").notNull(),
    displayName: text("display_name"),
    content: jsonb("content")
      .notNull()
      .default(sql`'{}'::jsonb`),
    pdfUrl: text("pdf_url"),
    sourceTemplateId: text("source_template_id"),
    status: text("status").notNull().default("ACTIVE"),
    startDate: date("start_date"),
    releasePending: boolean("release_pending").notNull().default(false),
    releaseResponseId: text("release_response_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("programs_studio_idx").on(t.studioId),
    index("programs_studio_template_idx").on(t.studioId, t.sourceTemplateId, t.status),
    index("programs_client_idx").on(t.clientId, t.status),
    index("programs_release_idx")
      .on(t.releaseResponseId)
      .where(sql`${t.releasePending}`),
  ],
);

/**
 * The trainee's activity timeline (document 2 assignment: actor TRAINER, action ASSIGNED, entity
 * type PROGRAM, type TRAINING_PLAN | NUTRITION_PLAN | TRAINING_AND_NUTRITION_PLAN).
 */
export const traineeActivities = pgTable(
  "trainee_activities",
  {
    id: id(),
    studioId: studioIdColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    type: text("type").notNull(),
    data: jsonb("data"),
    createdAt: createdAt(),
  },
  (t) => [
    index("trainee_activities_studio_idx").on(t.studioId),
    index("trainee_activities_client_idx").on(t.clientId, t.createdAt.desc()),
  ],
);
