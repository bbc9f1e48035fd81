import { AppReleasePlatformInput, AppReleaseSchema } from "@studio/contracts";
import { getAppRelease } from "@studio/domain";
import { internalProcedure } from "../../trpc";

/** Admin lane (service signature only). */
export const getAppReleaseRoute = internalProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/admin/app-releases/{platform}",
      tags: ["app-release"],
      summary: "A platform's app release setting",
      errorResponses: { 404: "no setting was written for this platform yet (app release not found)" },
    },
  })
  .input(AppReleasePlatformInput)
  .output(AppReleaseSchema)
  .query(({ ctx, input }) => getAppRelease(ctx.db, ctx.scope, input));
