import { TaskListQuery, TaskListSchema } from "@studio/contracts";
import { listTasks } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const listTasksRoute = traineeScopedProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/web/tasks", tags: ["tasks"], summary: "List tasks, newest first" },
  })
  .input(TaskListQuery)
  .output(TaskListSchema)
  .query(({ ctx, input }) => listTasks(ctx.deps.database.db, ctx.actor, input));
