import { z } from "zod";
import { PlatformNotificationConfigListSchema } from "@studio/contracts";
import { listPlatformConfigs } from "@studio/domain";
import { internalProcedure } from "../../trpc";

/** Admin lane (service signature only). */
export const listPlatformConfigsRoute = internalProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/admin/notification-configs",
      tags: ["notifications"],
      summary: "Platform default notification rows (ensures one per active type), sorted by type",
    },
  })
  .input(z.object({}))
  .output(PlatformNotificationConfigListSchema)
  .query(({ ctx }) => listPlatformConfigs(ctx.db, ctx.scope));
