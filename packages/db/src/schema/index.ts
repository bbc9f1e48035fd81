// One file per domain; every tenant table carries studio_id with a foreign key and an index.
export * from "./studio";
export * from "./team";
export * from "./clients";
export * from "./content";
export * from "./crm";
export * from "./tasks";
export * from "./notifications";
export * from "./templates";
export * from "./forms";
export * from "./subscriptions";
export * from "./hooks";
export * from "./audit";
export * from "./tracking";
export * from "./foods";
export * from "./calendar";
export * from "./public";
export * from "./scheduler";
