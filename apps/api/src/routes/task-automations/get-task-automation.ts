import { IdParam, TaskAutomationSchema } from "@studio/contracts";
import { getTaskAutomation } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getTaskAutomationRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/task-automations/{id}",
      tags: ["task automations"],
      summary: "One task automation",
      description: "NOT_FOUND task automation not found (also another studio's).",
    },
  })
  .input(IdParam)
  .output(TaskAutomationSchema)
  .query(({ ctx, input }) => getTaskAutomation(ctx.db, ctx.scope, input));
