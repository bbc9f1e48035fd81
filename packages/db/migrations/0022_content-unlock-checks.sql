ALTER TABLE "content_unlocks" DROP CONSTRAINT "content_unlocks_studio_id_studios_id_fk";
--> statement-breakpoint
ALTER TABLE "content_unlocks" DROP CONSTRAINT "content_unlocks_content_id_content_items_id_fk";
--> statement-breakpoint
ALTER TABLE "content_unlocks" DROP CONSTRAINT "content_unlocks_client_id_clients_id_fk";
--> statement-breakpoint
CREATE FUNCTION "content_unlocks_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The three per-row foreign keys, as one set-based check per statement: every written row's
  -- trainee and item exist and are of the row's studio (so the studio exists too). The shared
  -- per-studio lock is taken first and held to the end of the transaction: a trainee or item
  -- delete (content_unlocks_owner_deleted) takes it exclusively, so it either commits before this
  -- check runs (the check then fails) or waits for this transaction and deletes its rows.
  PERFORM pg_advisory_xact_lock_shared(hashtext('content-unlocks:' || "s"))
  FROM (SELECT DISTINCT "studio_id" AS "s" FROM "unlock_rows" ORDER BY 1) AS "studios";
  IF EXISTS (SELECT 1 FROM "unlock_rows" AS "n" WHERE NOT EXISTS (SELECT 1 FROM "clients" AS "c"
      WHERE "c"."id" = "n"."client_id" AND "c"."studio_id" = "n"."studio_id")) THEN
    RAISE foreign_key_violation USING MESSAGE = 'content_unlocks: the trainee is not of the row''s studio';
  END IF;
  IF EXISTS (SELECT 1 FROM "unlock_rows" AS "n" WHERE NOT EXISTS (SELECT 1 FROM "content_items" AS "i"
      WHERE "i"."id" = "n"."content_id" AND "i"."studio_id" = "n"."studio_id")) THEN
    RAISE foreign_key_violation USING MESSAGE = 'content_unlocks: the item is not of the row''s studio';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_unlocks_insert_check" AFTER INSERT ON "content_unlocks" REFERENCING NEW TABLE AS "unlock_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_unlocks_check"();--> statement-breakpoint
CREATE TRIGGER "content_unlocks_update_check" AFTER UPDATE ON "content_unlocks" REFERENCING NEW TABLE AS "unlock_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_unlocks_check"();--> statement-breakpoint
CREATE FUNCTION "content_unlocks_owner_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- ON DELETE CASCADE of the dropped foreign keys: deleted trainees' or items' unlock rows go in
  -- the same statement (a studio's delete cascades to both). The exclusive per-studio lock waits
  -- for unlock writes in flight (content_unlocks_check), whose rows the delete below then sees:
  -- each statement of this function reads with a new snapshot.
  PERFORM pg_advisory_xact_lock(hashtext('content-unlocks:' || "s"))
  FROM (SELECT DISTINCT "studio_id" AS "s" FROM "gone_rows" ORDER BY 1) AS "studios";
  IF TG_TABLE_NAME = 'clients' THEN
    DELETE FROM "content_unlocks" WHERE "client_id" IN (SELECT "id" FROM "gone_rows");
  ELSE
    DELETE FROM "content_unlocks" WHERE "content_id" IN (SELECT "id" FROM "gone_rows");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "clients_content_unlocks_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "gone_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_unlocks_owner_deleted"();--> statement-breakpoint
CREATE TRIGGER "content_items_content_unlocks_delete" AFTER DELETE ON "content_items" REFERENCING OLD TABLE AS "gone_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_unlocks_owner_deleted"();
