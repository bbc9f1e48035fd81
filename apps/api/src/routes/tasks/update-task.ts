import { TaskSchema, TaskUpdateInput } from "@studio/contracts";
import { updateTask } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const updateTaskRoute = traineeScopedProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/web/tasks/{id}",
      tags: ["tasks"],
      summary: "Edit a task; DONE/DISMISSED set resolvedAt, reopening clears it",
    },
  })
  .input(TaskUpdateInput)
  .output(TaskSchema)
  .mutation(({ ctx, input }) => updateTask(ctx.deps.database.db, ctx.actor, input, ctx.deps.now()));
