import { TaskCreateInput, TaskSchema } from "@studio/contracts";
import { createTask } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const createTaskRoute = traineeScopedProcedure
  .meta({
    openapi: { method: "POST", path: "/v1/web/tasks", tags: ["tasks"], summary: "Create a task" },
    successStatus: 201,
  })
  .input(TaskCreateInput)
  .output(TaskSchema)
  .mutation(({ ctx, input }) => createTask(ctx.deps.database.db, ctx.actor, input, ctx.deps.now()));
