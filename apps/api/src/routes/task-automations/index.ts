import { router } from "../../trpc";
import { createTaskAutomationRoute } from "./create-task-automation";
import { deleteTaskAutomationRoute } from "./delete-task-automation";
import { getTaskAutomationRoute } from "./get-task-automation";
import { listTaskAutomationsRoute } from "./list-task-automations";
import { updateTaskAutomationRoute } from "./update-task-automation";

/** /v1/web/task-automations */
export const taskAutomationsWebRoutes = router({
  list: listTaskAutomationsRoute,
  create: createTaskAutomationRoute,
  get: getTaskAutomationRoute,
  update: updateTaskAutomationRoute,
  delete: deleteTaskAutomationRoute,
});
