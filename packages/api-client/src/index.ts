/**
 * What the web app imports: typed clients for the web, trainee and automation lanes, generated
 * from the API's OpenAPI document (see ./client.ts), and the contracts' shapes.
 */
export * from "./client";
export * from "@studio/contracts";
