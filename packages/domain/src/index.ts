// Business operations, one folder per domain: (db, actor, input) -> result. No HTTP here.
export * from "./errors";
export * from "./ports";
export * from "./scope";
export * from "./paging";
export * from "./validation";
export * from "./studio/index";
export * from "./team/index";
export * from "./access/index";
export * from "./trainee/index";
export * from "./crm/index";
export * from "./clients/index";
export * from "./tasks/index";
export * from "./time/index";
export * from "./notifications/index";
export * from "./media/index";
export * from "./content/index";
export * from "./templates/index";
