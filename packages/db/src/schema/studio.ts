import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/** The tenant. `organizationId` is the web app's external organization id. */
export const studios = pgTable(
  "studios",
  {
    id: id(),
    organizationId: text("organization_id"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    timezone: text("timezone").notNull().default("Asia/Jerusalem"),
    locale: text("locale").notNull().default("he"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    /** Billing plan limits: null means unlimited. */
    planId: text("plan_id"),
    seatLimit: integer("seat_limit"),
    clientLimit: integer("client_limit"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Verified at web onboarding (POST /v1/web/onboarding/bootstrap with phone and email tokens). */
    ownerPhone: text("owner_phone"),
    ownerEmail: text("owner_email"),
    onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
    /**
     * Moves whenever what the CRM board shows changes: triggers on leads and lead_statuses bump
     * it in the writing transaction (migration 0020). The API's cached board answers are keyed
     * by it (apps/api/src/caches/crm-board-cache.ts); nothing else reads it.
     */
    crmBoardVersion: bigint("crm_board_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("studios_organization_id_key").on(t.organizationId),
    uniqueIndex("studios_slug_key").on(t.slug),
  ],
);

/** The tenant column of every tenant table: studio_id, FK to studios, removed with the studio. */
export const studioIdColumn = () =>
  text("studio_id")
    .notNull()
    .references((): AnyPgColumn => studios.id, { onDelete: "cascade" });

/** Members of the studio's organization in the web app (synced from the web context and coach writes). */
export const organizationMembers = pgTable(
  "organization_members",
  {
    id: id(),
    studioId: studioIdColumn(),
    userId: text("user_id").notNull(),
    /** owner | admin | member */
    role: text("role").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("organization_members_studio_user_key").on(t.studioId, t.userId),
    index("organization_members_studio_idx").on(t.studioId),
  ],
);

/** Studio API keys of the partner and automation lanes: only the SHA-256 of the key is stored. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    studioId: studioIdColumn(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdByUserId: text("created_by_user_id"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_key_hash_key").on(t.keyHash), index("api_keys_studio_idx").on(t.studioId)],
);
