export * from "./zoned-time";
export * from "./day-keys";
