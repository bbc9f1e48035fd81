import { AutomationTaskUpdateInput, AutomationTaskResultSchema } from "@studio/contracts";
import { updateTask } from "@studio/domain";
import { apiKeyProcedure } from "../../trpc";

export const updateAutomationTaskRoute = apiKeyProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/automation/tasks/{id}",
      tags: ["automation"],
      summary: "Update a task's status, snooze date or priority",
    },
    automationMessage: "Task updated",
  })
  .input(AutomationTaskUpdateInput)
  .output(AutomationTaskResultSchema)
  .mutation(({ ctx, input }) =>
    updateTask(ctx.db, ctx.scope, {
      id: input.id,
      status: input.status,
      snoozedUntil: input.snoozedUntil,
      priority: input.priority,
    }).then((task) => ({ task })),
  );
