import { layer } from "@studio/eslint-config";

export default [
  ...layer("package"),
  // The runnable example prints what it did.
  { files: ["examples/**/*.ts"], rules: { "no-console": "off" } },
];
