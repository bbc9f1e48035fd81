export * from "./zoned-time";
