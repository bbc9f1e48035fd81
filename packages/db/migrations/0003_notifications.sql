CREATE TABLE "form_reminder_dispatches" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"form_day" date NOT NULL,
	"reminder_id" text NOT NULL,
	"notification_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_defaults" (
	"type" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"title_template" text NOT NULL,
	"body_template" text NOT NULL,
	"sound" boolean NOT NULL,
	"send_time" text NOT NULL,
	"messages" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_overrides" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean NOT NULL,
	"title_template" text NOT NULL,
	"body_template" text NOT NULL,
	"sound" boolean NOT NULL,
	"send_time" text NOT NULL,
	"messages" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_throttles" (
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_throttles_client_id_type_pk" PRIMARY KEY("client_id","type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sound" boolean DEFAULT true NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"client_id" text NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "check_in_start_date" date;--> statement-breakpoint
ALTER TABLE "form_reminder_dispatches" ADD CONSTRAINT "form_reminder_dispatches_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_reminder_dispatches" ADD CONSTRAINT "form_reminder_dispatches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_overrides" ADD CONSTRAINT "notification_overrides_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_throttles" ADD CONSTRAINT "notification_throttles_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_throttles" ADD CONSTRAINT "notification_throttles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_reminder_dispatches_key" ON "form_reminder_dispatches" USING btree ("client_id","form_day","reminder_id");--> statement-breakpoint
CREATE INDEX "form_reminder_dispatches_studio_idx" ON "form_reminder_dispatches" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_overrides_studio_type_key" ON "notification_overrides" USING btree ("studio_id","type");--> statement-breakpoint
CREATE INDEX "notification_throttles_studio_idx" ON "notification_throttles" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "notifications_studio_client_created_idx" ON "notifications" USING btree ("studio_id","client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "push_tokens_token_key" ON "push_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_tokens_studio_idx" ON "push_tokens" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "push_tokens_client_idx" ON "push_tokens" USING btree ("client_id");