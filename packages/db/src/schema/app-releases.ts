import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/**
 * The app release setting of one platform (ios, android): the oldest version the app may still
 * run (older builds must update), the newest published one and the store page. A platform
 * setting written by the admin lane (PUT /v1/admin/app-releases/{platform}), not a tenant table.
 */
export const appReleases = pgTable("app_releases", {
  platform: text("platform").primaryKey(),
  /** x.y.z */
  minimumVersion: text("minimum_version").notNull(),
  /** x.y.z, never below minimumVersion. */
  latestVersion: text("latest_version").notNull(),
  storeUrl: text("store_url").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
