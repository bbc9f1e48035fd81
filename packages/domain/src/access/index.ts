export * from "./api-keys";
