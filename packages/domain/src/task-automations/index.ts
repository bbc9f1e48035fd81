export { createTaskAutomation } from "./create-task-automation";
export { listTaskAutomations } from "./list-task-automations";
export { getTaskAutomation } from "./get-task-automation";
export { updateTaskAutomation } from "./update-task-automation";
export { deleteTaskAutomation } from "./delete-task-automation";
export { runTaskAutomations, type TaskAutomationRun, type TaskCandidateFilter } from "./run-task-automations";
