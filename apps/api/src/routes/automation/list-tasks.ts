import { AutomationTaskListQuery, AutomationTaskListSchema } from "@studio/contracts";
import { automationPage, listTasks } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const listAutomationTasksRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/automation/tasks",
      tags: ["automation"],
      summary: "Tasks newest first, offset pagination",
    },
    automationMessage: "Tasks",
  })
  .input(AutomationTaskListQuery)
  .output(AutomationTaskListSchema)
  .query(({ ctx, input }) => listTasks(ctx.db, ctx.scope, input).then((page) => automationPage(page, input)));
