export * from "./sync-organization-member";
export * from "./ensure-owner-coach";
export * from "./touch-coach-activity";
export * from "./coach-access";
