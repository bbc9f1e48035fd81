import { IdParam, TaskSchema } from "@studio/contracts";
import { getTask } from "@studio/domain";
import { traineeScopedProcedure } from "../../guards/coach-access";

export const getTaskRoute = traineeScopedProcedure
  .meta({ openapi: { method: "GET", path: "/v1/web/tasks/{id}", tags: ["tasks"], summary: "One task" } })
  .input(IdParam)
  .output(TaskSchema)
  .query(({ ctx, input }) => getTask(ctx.deps.database.db, ctx.actor, input.id));
