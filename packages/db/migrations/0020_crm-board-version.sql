ALTER TABLE "studios" ADD COLUMN "crm_board_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "crm_board_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What the CRM board shows changed (leads or lead_statuses): the studios' board version moves
  -- in the writing transaction, so an API process's cached board of the old version is never
  -- served again (apps/api/src/caches/crm-board-cache.ts). Studios already deleted in this
  -- transaction (a cascade) match no row.
  UPDATE "studios" SET "crm_board_version" = "crm_board_version" + 1
  WHERE "id" IN (SELECT DISTINCT "studio_id" FROM "crm_changed_rows");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_crm_board_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();--> statement-breakpoint
CREATE TRIGGER "leads_crm_board_update" AFTER UPDATE ON "leads" REFERENCING NEW TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();--> statement-breakpoint
CREATE TRIGGER "leads_crm_board_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();--> statement-breakpoint
CREATE TRIGGER "lead_statuses_crm_board_insert" AFTER INSERT ON "lead_statuses" REFERENCING NEW TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();--> statement-breakpoint
CREATE TRIGGER "lead_statuses_crm_board_update" AFTER UPDATE ON "lead_statuses" REFERENCING NEW TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();--> statement-breakpoint
CREATE TRIGGER "lead_statuses_crm_board_delete" AFTER DELETE ON "lead_statuses" REFERENCING OLD TABLE AS "crm_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "crm_board_bump"();
