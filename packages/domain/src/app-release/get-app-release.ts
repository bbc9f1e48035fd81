import { eq } from "drizzle-orm";
import type { AppRelease, AppReleasePlatformInput } from "@studio/contracts";
import { appReleases, type Db } from "@studio/db";
import { notFound } from "../errors";
import type { ServiceScope } from "../scope";
import { toAppRelease } from "./app-release-record";

/** `GET /v1/admin/app-releases/{platform}`: the setting, or 404 "app release not found" before the first PUT. */
export async function getAppRelease(
  db: Db,
  _scope: ServiceScope,
  input: AppReleasePlatformInput,
): Promise<AppRelease> {
  const [row] = await db.select().from(appReleases).where(eq(appReleases.platform, input.platform));
  if (!row) throw notFound("app release");
  return toAppRelease(row);
}
