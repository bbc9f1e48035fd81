CREATE TABLE "client_coaches" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"coach_id" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_automations" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"assignee_coach_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"due_date" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"trainee_id" text,
	"coach_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"type" text DEFAULT 'MANUAL' NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "height_cm" double precision;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "goal" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "goals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "goal_weight_kg" double precision;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "steps_goal" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "water_goal_ml" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "update_form_id" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "update_cadence" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "client_coaches" ADD CONSTRAINT "client_coaches_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_coaches" ADD CONSTRAINT "client_coaches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_coaches" ADD CONSTRAINT "client_coaches_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_automations" ADD CONSTRAINT "task_automations_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_trainee_id_clients_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_coaches_studio_idx" ON "client_coaches" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_coaches_client_coach_key" ON "client_coaches" USING btree ("client_id","coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_coaches_one_primary_key" ON "client_coaches" USING btree ("client_id") WHERE "client_coaches"."is_primary";--> statement-breakpoint
CREATE INDEX "client_coaches_coach_idx" ON "client_coaches" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "task_automations_studio_idx" ON "task_automations" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "tasks_studio_created_idx" ON "tasks" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_trainee_idx" ON "tasks" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "tasks_coach_ids_idx" ON "tasks" USING gin ("coach_ids");--> statement-breakpoint
CREATE INDEX "clients_studio_created_idx" ON "clients" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_studio_external_id_key" ON "clients" USING btree ("studio_id","external_id") WHERE "clients"."external_id" is not null;