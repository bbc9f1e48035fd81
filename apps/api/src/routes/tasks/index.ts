import { router } from "../../trpc";
import { listTasksRoute } from "./list-tasks";
import { createTaskRoute } from "./create-task";
import { getTaskRoute } from "./get-task";
import { updateTaskRoute } from "./update-task";

/** /v1/web/tasks */
export const tasksWebRoutes = router({
  list: listTasksRoute,
  create: createTaskRoute,
  get: getTaskRoute,
  update: updateTaskRoute,
});
