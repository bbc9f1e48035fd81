import base from "@studio/eslint-config";

export default [
  ...base,
  // The one reader of process.env (processEnv in src/env.ts).
  { files: ["src/env.ts"], rules: { "no-restricted-properties": "off" } },
];
