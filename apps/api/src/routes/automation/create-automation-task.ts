import { AutomationTaskCreateInput, AutomationTaskResultSchema } from "@studio/contracts";
import { createAutomationTask } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const createAutomationTaskRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/automation/tasks",
      tags: ["automation"],
      summary: "Create a task (type MANUAL, source automation)",
    },
    automationMessage: "Task created",
  })
  .input(AutomationTaskCreateInput)
  .output(AutomationTaskResultSchema)
  .mutation(({ ctx, input }) => createAutomationTask(ctx.db, ctx.scope, input));
