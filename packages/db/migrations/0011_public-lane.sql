CREATE TABLE "agent_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"phone" text NOT NULL,
	"contact_name" text,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"business_name" text,
	"source" text DEFAULT 'landing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"contact_name" text,
	"client_id" text,
	"lead_id" text,
	"kind" text NOT NULL,
	"body" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "owner_phone" text;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "owner_email" text;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD COLUMN "signed_document_key" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_messages_conversation_idx" ON "agent_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_leads_created_idx" ON "waitlist_leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_provider_key" ON "whatsapp_inbound_messages" USING btree ("studio_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_client_idx" ON "whatsapp_inbound_messages" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "form_assignments_visible_from_idx" ON "form_assignments" USING btree ("visible_from") WHERE "form_assignments"."status" = 'PENDING';