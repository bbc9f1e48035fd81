import type { AppPlatform, AppRelease } from "@studio/contracts";
import type { appReleases } from "@studio/db";

export const toAppRelease = (row: typeof appReleases.$inferSelect): AppRelease => ({
  platform: row.platform as AppPlatform,
  minimumVersion: row.minimumVersion,
  latestVersion: row.latestVersion,
  storeUrl: row.storeUrl,
  updatedAt: row.updatedAt.toISOString(),
});
