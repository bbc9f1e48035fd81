import { TaskAutomationListQuery, TaskAutomationListSchema } from "@studio/contracts";
import { listTaskAutomations } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listTaskAutomationsRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/task-automations",
      tags: ["task automations"],
      summary: "The studio's task automations, oldest first",
    },
  })
  .input(TaskAutomationListQuery)
  .output(TaskAutomationListSchema)
  .query(({ ctx, input }) => listTaskAutomations(ctx.db, ctx.scope, input));
