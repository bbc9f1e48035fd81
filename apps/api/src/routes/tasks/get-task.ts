import { IdParam, TaskSchema } from "@studio/contracts";
import { getTask } from "@studio/domain";
import { webProcedure } from "../../trpc";

export const getTaskRoute = webProcedure
  .meta({ openapi: { method: "GET", path: "/v1/web/tasks/{id}", tags: ["tasks"], summary: "One task" } })
  .input(IdParam)
  .output(TaskSchema)
  .query(({ ctx, input }) => getTask(ctx.db, ctx.scope, input));
