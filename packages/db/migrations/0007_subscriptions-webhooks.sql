CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"price_agorot" integer,
	"duration_value" integer,
	"duration_unit" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"trigger" text DEFAULT 'NONE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"price_agorot" integer,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"frozen_at" timestamp with time zone,
	"waiting_for_trigger" text DEFAULT 'NONE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"target_url" text NOT NULL,
	"event" text DEFAULT 'FORM_FILLED' NOT NULL,
	"form_id" text,
	"secret" text NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"last_status" integer,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_studio_idx" ON "plans" USING btree ("studio_id","is_active");--> statement-breakpoint
CREATE INDEX "subscriptions_studio_idx" ON "subscriptions" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "subscriptions_client_idx" ON "subscriptions" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "webhooks_studio_idx" ON "webhooks" USING btree ("studio_id","event");--> statement-breakpoint
CREATE INDEX "webhooks_api_key_idx" ON "webhooks" USING btree ("api_key_id");