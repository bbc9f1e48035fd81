CREATE TABLE "app_releases" (
	"platform" text PRIMARY KEY NOT NULL,
	"minimum_version" text NOT NULL,
	"latest_version" text NOT NULL,
	"store_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
