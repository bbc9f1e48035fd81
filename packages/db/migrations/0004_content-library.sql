CREATE TABLE "content_item_tags" (
	"studio_id" text NOT NULL,
	"item_id" text NOT NULL,
	"tag_id" text NOT NULL,
	CONSTRAINT "content_item_tags_pkey" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"other_label" text,
	"media_url" text,
	"media_type" text DEFAULT 'none' NOT NULL,
	"poster_url" text,
	"ingredients" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_kcal" double precision,
	"total_protein" double precision,
	"total_carbs" double precision,
	"total_fat" double precision,
	"serving_grams" double precision,
	"serving_kcal" double precision,
	"serving_protein" double precision,
	"serving_carbs" double precision,
	"serving_fat" double precision,
	"category_id" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_restricted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_unlocks" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"content_id" text NOT NULL,
	"client_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_banners" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"content_id" text,
	"is_live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_item_tags" ADD CONSTRAINT "content_item_tags_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_tags" ADD CONSTRAINT "content_item_tags_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_item_tags" ADD CONSTRAINT "content_item_tags_tag_id_content_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."content_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_unlocks" ADD CONSTRAINT "content_unlocks_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_unlocks" ADD CONSTRAINT "content_unlocks_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_unlocks" ADD CONSTRAINT "content_unlocks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_banners" ADD CONSTRAINT "home_banners_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_banners" ADD CONSTRAINT "home_banners_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_item_tags_studio_idx" ON "content_item_tags" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "content_item_tags_tag_idx" ON "content_item_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "content_items_studio_order_idx" ON "content_items" USING btree ("studio_id","sort_order","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_items_studio_featured_idx" ON "content_items" USING btree ("studio_id","is_featured");--> statement-breakpoint
CREATE INDEX "content_items_category_idx" ON "content_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "content_tags_studio_idx" ON "content_tags" USING btree ("studio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_tags_studio_name_key" ON "content_tags" USING btree ("studio_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "content_unlocks_content_client_key" ON "content_unlocks" USING btree ("content_id","client_id");--> statement-breakpoint
CREATE INDEX "content_unlocks_studio_idx" ON "content_unlocks" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "content_unlocks_client_idx" ON "content_unlocks" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "content_unlocks_content_created_idx" ON "content_unlocks" USING btree ("content_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "home_banners_studio_key" ON "home_banners" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "home_banners_content_idx" ON "home_banners" USING btree ("content_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_studio_name_key" ON "content_categories" USING btree ("studio_id",lower("name"));