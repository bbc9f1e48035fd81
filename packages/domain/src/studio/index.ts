export * from "./default-content-categories";
export * from "./resolve-studio-for-organization";
export * from "./get-current-studio";
export * from "./update-studio-settings";
export * from "./studio-record";
export * from "./resolve-bearer-session";
