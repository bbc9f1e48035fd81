import type { AppRelease, AppReleasePutInput } from "@studio/contracts";
import { appReleases, type Db } from "@studio/db";
import { validation } from "../errors";
import type { ServiceScope } from "../scope";
import { toAppRelease } from "./app-release-record";
import { compareVersions } from "./versions";

/**
 * `PUT /v1/admin/app-releases/{platform}`: writes the platform's whole setting (an upsert, one
 * statement). latestVersion below minimumVersion is VALIDATION: no build could satisfy it.
 */
export async function putAppRelease(
  db: Db,
  scope: ServiceScope,
  input: AppReleasePutInput,
): Promise<AppRelease> {
  if (compareVersions(input.latestVersion, input.minimumVersion) < 0)
    throw validation("latestVersion must not be below minimumVersion", {
      issues: [{ path: "latestVersion", message: "must not be below minimumVersion", code: "invalid_value" }],
    });
  const values = {
    minimumVersion: input.minimumVersion,
    latestVersion: input.latestVersion,
    storeUrl: input.storeUrl,
    updatedAt: scope.now,
  };
  const [row] = await db
    .insert(appReleases)
    .values({ platform: input.platform, ...values, createdAt: scope.now })
    .onConflictDoUpdate({ target: appReleases.platform, set: values })
    .returning();
  return toAppRelease(row!);
}
