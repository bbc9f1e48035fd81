import { eq } from "drizzle-orm";
import type { AppReleaseCheck, AppReleaseQuery } from "@studio/contracts";
import { appReleases, type Db } from "@studio/db";
import type { TraineeScope } from "../scope";
import { compareVersions } from "./versions";

/**
 * `GET /v1/trainee/app-release` (token only, no app-access guard: a locked trainee must still be
 * told to update): the platform's release setting against the running version. forceUpdate when
 * the version is below the minimum; a platform without a setting forces nothing (nulls). One
 * statement, by primary key.
 */
export async function checkAppRelease(
  db: Db,
  _scope: TraineeScope,
  query: AppReleaseQuery,
): Promise<AppReleaseCheck> {
  const [row] = await db.select().from(appReleases).where(eq(appReleases.platform, query.platform));
  return {
    platform: query.platform,
    version: query.version,
    minimumVersion: row?.minimumVersion ?? null,
    latestVersion: row?.latestVersion ?? null,
    forceUpdate: row ? compareVersions(query.version, row.minimumVersion) < 0 : false,
    updateAvailable: row ? compareVersions(query.version, row.latestVersion) < 0 : false,
    storeUrl: row?.storeUrl ?? null,
  };
}
