import { IdParam, TaskAutomationDeletedSchema } from "@studio/contracts";
import { deleteTaskAutomation } from "@studio/domain";
import { requireRole } from "../../trpc";

export const deleteTaskAutomationRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/web/task-automations/{id}",
      tags: ["task automations"],
      summary: "Delete a task automation; the tasks it created stay",
      description: "NOT_FOUND task automation not found.",
    },
  })
  .input(IdParam)
  .output(TaskAutomationDeletedSchema)
  .mutation(({ ctx, input }) => deleteTaskAutomation(ctx.db, ctx.scope, input));
