export * from "./trainee-session";
export * from "./get-trainee-me";
export * from "./app-access";
export * from "./signed-in-trainee";
