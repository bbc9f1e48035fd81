CREATE TABLE "program_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"description" text,
	"level" text,
	"folder_id" text,
	"pdf_url" text,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pdf_url" text,
	"source_template_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"start_date" date,
	"release_pending" boolean DEFAULT false NOT NULL,
	"release_response_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_folders_studio_id_key" UNIQUE("studio_id","id")
);
--> statement-breakpoint
CREATE TABLE "trainee_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"type" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"form_id" text NOT NULL,
	"client_id" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_folder_fk" FOREIGN KEY ("studio_id","folder_id") REFERENCES "public"."template_folders"("studio_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_folders" ADD CONSTRAINT "template_folders_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_activities" ADD CONSTRAINT "trainee_activities_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_activities" ADD CONSTRAINT "trainee_activities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_responses" ADD CONSTRAINT "form_responses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_templates_studio_updated_idx" ON "program_templates" USING btree ("studio_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "program_templates_folder_idx" ON "program_templates" USING btree ("studio_id","folder_id");--> statement-breakpoint
CREATE INDEX "programs_studio_idx" ON "programs" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "programs_studio_template_idx" ON "programs" USING btree ("studio_id","source_template_id","status");--> statement-breakpoint
CREATE INDEX "programs_client_idx" ON "programs" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "programs_release_idx" ON "programs" USING btree ("release_response_id") WHERE "programs"."release_pending";--> statement-breakpoint
CREATE INDEX "template_folders_studio_idx" ON "template_folders" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "trainee_activities_studio_idx" ON "trainee_activities" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "trainee_activities_client_idx" ON "trainee_activities" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_responses_studio_idx" ON "form_responses" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "form_responses_client_idx" ON "form_responses" USING btree ("client_id","form_id");--> statement-breakpoint
CREATE INDEX "forms_studio_idx" ON "forms" USING btree ("studio_id");