import { TaskListQuery, TaskListSchema } from "@studio/contracts";
import { listTasks } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const listTasksRoute = webProcedure
  .meta({
    openapi: { method: "GET", path: "/v1/web/tasks", tags: ["tasks"], summary: "List tasks, newest first" },
  })
  .input(TaskListQuery)
  .output(TaskListSchema)
  .query(({ ctx, input }) => listTasks(ctx.db, ctx.scope, input));
