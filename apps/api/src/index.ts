// Library entry: the app factory and the router type (for tests and the scripts that build the OpenAPI document).
export { createApp } from "./app";
export { openDeps } from "./bootstrap";
export { loadConfig, ConfigError } from "./config";
export type { AppRouter } from "./router";
export type { AppDeps, LaneAuth, RequestContext } from "./context";
