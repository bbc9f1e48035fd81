export * from "./task-record";
export * from "./task-scope";
export * from "./create-task";
export * from "./list-tasks";
export * from "./get-task";
export * from "./update-task";
