// Shared flat config: typescript-eslint's recommended rules, typed rules that catch lost
// promises, and the import rules that keep the layers honest. Each package picks its layer:
//   export default layer("domain")   (see LAYERS below)
import tseslint from "typescript-eslint";

const APPS = ["@studio/api", "@studio/api/*", "@studio/worker", "@studio/worker/*"];
const appMessage = "packages never import an app (apps/*): move the shared code into a package";

/** What each layer may not import (no-restricted-imports patterns). */
const LAYERS = {
  /** Business rules: no HTTP, no tRPC, no Redis client, no app, no job queue internals. */
  domain: [
    { group: ["hono", "hono/*", "@hono/*"], message: "domain code knows nothing of HTTP (Hono)" },
    { group: ["@trpc/*"], message: "domain code knows nothing of tRPC" },
    { group: ["ioredis"], message: "domain code reaches Redis only through @studio/kv" },
    {
      group: ["pg-boss", "@studio/jobs", "@studio/jobs/*"],
      message: "domain enqueues through scope.jobs (a port)",
    },
    { group: APPS, message: appMessage },
  ],
  /** Shapes only: zod and sibling modules. */
  contracts: [
    { regex: "^(?!zod(/.*)?$|\\./|\\.\\./)", message: "contracts import only zod (and each other)" },
  ],
  /** Any other package. */
  package: [{ group: APPS, message: appMessage }],
  /** Apps may import packages, never another app. */
  api: [{ group: ["@studio/worker", "@studio/worker/*"], message: "no app imports another app" }],
  worker: [{ group: ["@studio/api", "@studio/api/*"], message: "no app imports another app" }],
};

/**
 * Folders of a layer with import rules of their own (added to the layer's), paths relative to
 * the package. guards/ holds only guards (a request in, pass or an error out): a procedure is
 * built beside trpc.ts (src/procedures/), never in a guard.
 */
const FOLDERS = {
  api: [
    {
      files: ["src/guards/**/*.ts"],
      patterns: [
        {
          regex: "^@trpc/|(^|/)(trpc|procedures)(/|$)",
          message: "a guard may not define a procedure: procedures live beside trpc.ts (src/procedures/)",
        },
      ],
    },
  ],
};

export function layer(name) {
  const patterns = LAYERS[name];
  if (!patterns) throw new Error(`unknown layer ${name}`);
  return tseslint.config(
    {
      ignores: [
        "dist/**",
        ".test-dist/**",
        ".bench-dist/**",
        "node_modules/**",
        ".turbo/**",
        "migrations/**",
        "coverage/**",
        ".data/**",
        "*.config.*",
      ],
    },
    ...tseslint.configs.recommended,
    {
      languageOptions: { parserOptions: { projectService: true } },
      rules: {
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
        "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
        "@typescript-eslint/no-floating-promises": "error",
        "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false } }],
        "no-console": ["error", { allow: ["warn", "error"] }],
        "no-restricted-imports": ["error", { patterns }],
        // One parsed configuration (packages/config) is the only reader of the environment.
        "no-restricted-properties": [
          "error",
          {
            object: "process",
            property: "env",
            message: "only @studio/config reads process.env: take the setting from its parsed config",
          },
        ],
      },
    },
    {
      // Tests, their support files, scripts, benchmarks and the client examples (code for other
      // processes) arrange their own environment.
      files: [
        "**/test/**/*.ts",
        "**/*.test.ts",
        "**/test-support.ts",
        "**/test-support/**/*.ts",
        "scripts/**/*.ts",
        "bench/**/*.ts",
        "examples/**/*.ts",
      ],
      rules: { "no-restricted-properties": "off" },
    },
    ...(FOLDERS[name] ?? []).map((folder) => ({
      files: folder.files,
      rules: { "no-restricted-imports": ["error", { patterns: [...patterns, ...folder.patterns] }] },
    })),
    {
      // Command-line scripts and benchmarks print their results.
      files: ["scripts/**/*.ts", "bench/**/*.ts"],
      rules: { "no-console": "off" },
    },
    {
      // Tests read JSON answers loosely and may reach into any layer to arrange a case.
      files: ["**/test/**/*.ts", "**/*.test.ts"],
      rules: { "@typescript-eslint/no-explicit-any": "off", "no-restricted-imports": "off" },
    },
  );
}

export default layer("package");
