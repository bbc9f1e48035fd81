export * from "./code-store";
