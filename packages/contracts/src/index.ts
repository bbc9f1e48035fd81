export * from "./errors";
export * from "./paging";
export * from "./common";
export * from "./studio";
export * from "./automation";
export * from "./team";
export * from "./trainee";
