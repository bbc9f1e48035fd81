import { z } from "zod";
import { StudioNotificationConfigListSchema } from "@studio/contracts";
import { listStudioConfigs } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listStudioConfigsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/notification-configs",
      tags: ["notifications"],
      summary: "The studio's notification configs (flat), with customized",
    },
  })
  .input(z.object({}))
  .output(StudioNotificationConfigListSchema)
  .query(({ ctx }) => listStudioConfigs(ctx.db, ctx.scope));
