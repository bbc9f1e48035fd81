import { AppReleaseCheckSchema, AppReleaseQuery } from "@studio/contracts";
import { checkAppRelease } from "@studio/domain";
import { traineeProcedure } from "../../trpc";

/** authenticateTrainee only (document 1 lists GET /v1/trainee/app-release among the guard-free routes). */
export const checkAppReleaseRoute = traineeProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/trainee/app-release",
      tags: ["app-release"],
      summary: "Whether the running app version must or may update, and where",
    },
  })
  .input(AppReleaseQuery)
  .output(AppReleaseCheckSchema)
  .query(({ ctx, input }) => checkAppRelease(ctx.db, ctx.scope, input));
