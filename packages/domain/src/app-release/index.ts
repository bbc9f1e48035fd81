// The app release setting per platform (document 1 "GET /v1/trainee/app-release"): written by the
// admin lane, read by the trainee app on open.
export * from "./check-app-release";
export * from "./get-app-release";
export * from "./put-app-release";
export * from "./versions";
