export * from "./constant-time";
export * from "./service-signature";
export * from "./trainee-token";
export * from "./api-key";
export * from "./webhook-token";
export * from "./replay-guard";
export * from "./one-time-code";
export * from "./sealed-text";
