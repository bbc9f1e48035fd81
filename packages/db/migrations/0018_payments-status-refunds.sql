ALTER TABLE "payments" ADD COLUMN "status" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount_agorot" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("studio_id","provider_payment_id");--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "kind";