export * from "./api-key-principal";
export * from "./create-api-key";
export * from "./list-api-keys";
export * from "./revoke-api-key";
export * from "./validate-api-key";
