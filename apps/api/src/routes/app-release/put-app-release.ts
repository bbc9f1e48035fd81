import { AppReleasePutInput, AppReleaseSchema } from "@studio/contracts";
import { putAppRelease } from "@studio/domain";
import { internalProcedure } from "../../trpc";

/** Admin lane (service signature only): the whole setting. */
export const putAppReleaseRoute = internalProcedure
  .meta({
    openapi: {
      method: "PUT",
      path: "/v1/admin/app-releases/{platform}",
      tags: ["app-release"],
      summary: "Set a platform's minimum and latest version and store URL",
    },
  })
  .input(AppReleasePutInput)
  .output(AppReleaseSchema)
  .mutation(({ ctx, input }) => putAppRelease(ctx.db, ctx.scope, input));
