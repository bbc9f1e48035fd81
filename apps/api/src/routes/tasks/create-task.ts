import { TaskCreateInput, TaskSchema } from "@studio/contracts";
import { createTask } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const createTaskRoute = webProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/tasks",
      tags: ["tasks"],
      summary: "Create a task",
      // Document 1: a trainee id outside the caller's reach answers 404 client not found.
      errorResponses: { 404: "client not found: traineeId is not a trainee the caller reaches" },
    },
    successStatus: 201,
  })
  .input(TaskCreateInput)
  .output(TaskSchema)
  .mutation(({ ctx, input }) => createTask(ctx.db, ctx.scope, input));
