export * from "./logger";
