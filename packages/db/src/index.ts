export * from "./client";
export * from "./schema/index";
export * as schema from "./schema/index";
export { preparedQuery, preparedStatement } from "./prepared-query";
export * from "./sqlstate";
export { resultRows } from "./result-rows";
