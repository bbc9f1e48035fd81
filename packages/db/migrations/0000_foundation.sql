CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" text,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"timezone" text DEFAULT 'Asia/Jerusalem' NOT NULL,
	"locale" text DEFAULT 'he' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plan_id" text,
	"seat_limit" integer,
	"client_limit" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"external_user_id" text,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text DEFAULT 'SUB_COACH' NOT NULL,
	"job_title" text,
	"permission_group" text,
	"permissions" jsonb,
	"client_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"timezone" text,
	"muted_notification_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"freeze_started_at" timestamp with time zone,
	"allow_app_while_frozen" boolean,
	"access_ends_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"system_key" text,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaches" ADD CONSTRAINT "coaches_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_categories" ADD CONSTRAINT "content_categories_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_studio_idx" ON "api_keys" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_studio_user_key" ON "organization_members" USING btree ("studio_id","user_id");--> statement-breakpoint
CREATE INDEX "organization_members_studio_idx" ON "organization_members" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "studios_organization_id_key" ON "studios" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "studios_slug_key" ON "studios" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "coaches_studio_idx" ON "coaches" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coaches_studio_external_user_key" ON "coaches" USING btree ("studio_id","external_user_id") WHERE "coaches"."external_user_id" is not null;--> statement-breakpoint
CREATE INDEX "clients_studio_idx" ON "clients" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_studio_phone_live_key" ON "clients" USING btree ("studio_id","phone") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "content_categories_studio_idx" ON "content_categories" USING btree ("studio_id");