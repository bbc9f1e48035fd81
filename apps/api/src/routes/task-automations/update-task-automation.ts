import { TaskAutomationSchema, TaskAutomationUpdateInput } from "@studio/contracts";
import { updateTaskAutomation } from "@studio/domain";
import { requireRole } from "../../trpc";

export const updateTaskAutomationRoute = requireRole("OWNER", "HEAD_COACH")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/task-automations/{id}",
      tags: ["task automations"],
      summary: "Edit a task automation; tasks already created stay",
      description: "NOT_FOUND task automation not found; VALIDATION as on create.",
    },
  })
  .input(TaskAutomationUpdateInput)
  .output(TaskAutomationSchema)
  .mutation(({ ctx, input }) => updateTaskAutomation(ctx.db, ctx.scope, input));
