import { TaskSchema, TaskUpdateInput } from "@studio/contracts";
import { updateTask } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const updateTaskRoute = webProcedure
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
  .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.scope, input));
