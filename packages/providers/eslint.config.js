export { default } from "@studio/eslint-config";
