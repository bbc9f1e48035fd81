DROP INDEX "content_unlocks_content_client_key";--> statement-breakpoint
DROP INDEX "content_unlocks_studio_idx";--> statement-breakpoint
DROP INDEX "content_unlocks_content_created_idx";--> statement-breakpoint
ALTER TABLE "content_unlocks" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "content_unlocks" ADD CONSTRAINT "content_unlocks_pkey" PRIMARY KEY("content_id","client_id");--> statement-breakpoint
CREATE INDEX "content_unlocks_studio_content_created_idx" ON "content_unlocks" USING btree ("studio_id","content_id","created_at" DESC NULLS LAST);
