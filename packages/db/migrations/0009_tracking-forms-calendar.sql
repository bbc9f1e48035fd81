CREATE TABLE "form_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"form_id" text NOT NULL,
	"client_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"visible_from" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"token_hash" text,
	"prefill" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"frozen_schema" jsonb NOT NULL,
	"push_mode" text DEFAULT 'NOW' NOT NULL,
	"announced_at" timestamp with time zone,
	"source" text DEFAULT 'coach' NOT NULL,
	"signing_audit" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cardio_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"performed_on" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"plan_id" text,
	"plan_day_id" text,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_meals" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"photo_url" text,
	"meal_log_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_metrics" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"date" date NOT NULL,
	"steps" integer,
	"water_ml" integer DEFAULT 0 NOT NULL,
	"water_logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measurements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"consumed_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"source" text DEFAULT 'PLAN' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_url" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nutrition_day_meals" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"date" date NOT NULL,
	"meal_id" text NOT NULL,
	"program_id" text,
	"status" text NOT NULL,
	"replacement_name" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"added_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"url" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"angle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"weight_kg" double precision NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"program_id" text,
	"day_id" text,
	"label" text,
	"performed_on" date NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_overrides" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"food_id" text NOT NULL,
	"name" text,
	"brand" text,
	"category" text,
	"categories" jsonb,
	"kcal" double precision,
	"protein" double precision,
	"carbs" double precision,
	"fat" double precision,
	"include_in_shopping" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "foods" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text,
	"name" text NOT NULL,
	"brand" text,
	"category" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kcal" double precision,
	"protein" double precision,
	"carbs" double precision,
	"fat" double precision,
	"include_in_shopping" boolean DEFAULT true NOT NULL,
	"private_ai_import" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_list_items" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"food_id" text NOT NULL,
	"name" text NOT NULL,
	"brand" text,
	"checked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_windows" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"coach_id" text NOT NULL,
	"kind" text NOT NULL,
	"weekday" integer,
	"date" date,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"duration_min" integer NOT NULL,
	"slot_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"coach_id" text NOT NULL,
	"client_id" text,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "form_reminder_dispatches_key";--> statement-breakpoint
ALTER TABLE "form_reminder_dispatches" ADD COLUMN "form_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "assignment_id" text;--> statement-breakpoint
ALTER TABLE "form_responses" ADD COLUMN "document_url" text;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardio_sessions" ADD CONSTRAINT "cardio_sessions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardio_sessions" ADD CONSTRAINT "cardio_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_meals" ADD CONSTRAINT "custom_meals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_meals" ADD CONSTRAINT "custom_meals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_samples" ADD CONSTRAINT "health_samples_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_samples" ADD CONSTRAINT "health_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_logs" ADD CONSTRAINT "meal_logs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_logs" ADD CONSTRAINT "meal_logs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_day_meals" ADD CONSTRAINT "nutrition_day_meals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nutrition_day_meals" ADD CONSTRAINT "nutrition_day_meals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_photos" ADD CONSTRAINT "progress_photos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_logs" ADD CONSTRAINT "workout_logs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_logs" ADD CONSTRAINT "workout_logs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_overrides" ADD CONSTRAINT "food_overrides_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_overrides" ADD CONSTRAINT "food_overrides_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_windows" ADD CONSTRAINT "availability_windows_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_windows" ADD CONSTRAINT "availability_windows_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_assignments_studio_idx" ON "form_assignments" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "form_assignments_client_idx" ON "form_assignments" USING btree ("client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "form_assignments_token_key" ON "form_assignments" USING btree ("token_hash") WHERE "form_assignments"."token_hash" is not null;--> statement-breakpoint
CREATE INDEX "form_assignments_deferred_idx" ON "form_assignments" USING btree ("visible_from") WHERE "form_assignments"."push_mode" = 'DEFERRED' and "form_assignments"."announced_at" is null and "form_assignments"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "cardio_sessions_studio_idx" ON "cardio_sessions" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "cardio_sessions_client_idx" ON "cardio_sessions" USING btree ("client_id","performed_on");--> statement-breakpoint
CREATE INDEX "custom_meals_studio_idx" ON "custom_meals" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "custom_meals_client_date_idx" ON "custom_meals" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "daily_metrics_studio_idx" ON "daily_metrics" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_metrics_client_date_key" ON "daily_metrics" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "health_samples_studio_idx" ON "health_samples" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "health_samples_client_external_key" ON "health_samples" USING btree ("client_id","source","external_id");--> statement-breakpoint
CREATE INDEX "meal_logs_studio_idx" ON "meal_logs" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "meal_logs_client_day_idx" ON "meal_logs" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "nutrition_day_meals_studio_idx" ON "nutrition_day_meals" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nutrition_day_meals_key" ON "nutrition_day_meals" USING btree ("client_id","date","meal_id");--> statement-breakpoint
CREATE INDEX "progress_photos_studio_idx" ON "progress_photos" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "progress_photos_client_idx" ON "progress_photos" USING btree ("client_id","taken_at");--> statement-breakpoint
CREATE INDEX "weight_entries_studio_idx" ON "weight_entries" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "weight_entries_client_recorded_idx" ON "weight_entries" USING btree ("client_id","recorded_at");--> statement-breakpoint
CREATE INDEX "workout_logs_studio_idx" ON "workout_logs" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "workout_logs_client_idx" ON "workout_logs" USING btree ("client_id","performed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "food_overrides_studio_food_key" ON "food_overrides" USING btree ("studio_id","food_id");--> statement-breakpoint
CREATE INDEX "foods_studio_idx" ON "foods" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "foods_system_idx" ON "foods" USING btree ("name") WHERE "foods"."studio_id" is null;--> statement-breakpoint
CREATE INDEX "shopping_list_items_studio_idx" ON "shopping_list_items" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_list_items_client_food_key" ON "shopping_list_items" USING btree ("client_id","food_id");--> statement-breakpoint
CREATE INDEX "availability_windows_studio_coach_idx" ON "availability_windows" USING btree ("studio_id","coach_id");--> statement-breakpoint
CREATE INDEX "calendar_events_studio_coach_idx" ON "calendar_events" USING btree ("studio_id","coach_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_events_client_idx" ON "calendar_events" USING btree ("client_id","starts_at");--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_assignment_id_form_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."form_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_responses_assignment_key" ON "form_responses" USING btree ("assignment_id") WHERE "form_responses"."assignment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_reminder_dispatches_key" ON "form_reminder_dispatches" USING btree ("client_id","form_id","form_day","reminder_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_ends_after_start" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_no_overlap" EXCLUDE USING gist ("coach_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'CANCELLED');
