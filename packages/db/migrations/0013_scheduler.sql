CREATE TABLE "scheduled_pushes" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"local_date" date NOT NULL,
	"slot" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"notification_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_state" (
	"id" text PRIMARY KEY NOT NULL,
	"last_tick_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_pushes" ADD CONSTRAINT "scheduled_pushes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_pushes" ADD CONSTRAINT "scheduled_pushes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_pushes_key" ON "scheduled_pushes" USING btree ("type","client_id","subject","local_date","slot");--> statement-breakpoint
CREATE INDEX "scheduled_pushes_studio_idx" ON "scheduled_pushes" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "scheduled_pushes_client_idx" ON "scheduled_pushes" USING btree ("client_id");