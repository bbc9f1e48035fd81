CREATE TABLE "task_automation_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"subject" text NOT NULL,
	"client_id" text NOT NULL,
	"task_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_automations" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_automations" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "task_automations" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_automations" ADD COLUMN "offset_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_automations" ADD COLUMN "assignee_rule" text DEFAULT 'COACHES' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD COLUMN "schedule_day" date;--> statement-breakpoint
ALTER TABLE "task_automation_runs" ADD CONSTRAINT "task_automation_runs_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_automation_runs" ADD CONSTRAINT "task_automation_runs_automation_id_task_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."task_automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_automation_runs" ADD CONSTRAINT "task_automation_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_automation_runs" ADD CONSTRAINT "task_automation_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_automation_runs_key" ON "task_automation_runs" USING btree ("automation_id","subject");--> statement-breakpoint
CREATE INDEX "task_automation_runs_studio_idx" ON "task_automation_runs" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "task_automation_runs_client_idx" ON "task_automation_runs" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_assignments_schedule_day_key" ON "form_assignments" USING btree ("client_id","form_id","schedule_day") WHERE "form_assignments"."schedule_day" is not null;