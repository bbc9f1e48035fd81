// `pnpm lint`: every package's and app's own ESLint config (its layer, see tooling/eslint), each
// applied to its own folder, in one ESLint process. Fourteen `eslint .` runs built fourteen
// TypeScript programs for the typed rules, each with its dependencies' sources again (~130 s
// uncached in .ci/run); here they share one process and its parsed files. `pnpm --filter <pkg>
// lint` still lints one package with the same config.
import path from "node:path";
import { fileURLToPath } from "node:url";
import apiClient from "./packages/api-client/eslint.config.js";
import auth from "./packages/auth/eslint.config.js";
import config from "./packages/config/eslint.config.js";
import contracts from "./packages/contracts/eslint.config.js";
import db from "./packages/db/eslint.config.js";
import documents from "./packages/documents/eslint.config.js";
import domain from "./packages/domain/eslint.config.js";
import jobs from "./packages/jobs/eslint.config.js";
import kv from "./packages/kv/eslint.config.js";
import observability from "./packages/observability/eslint.config.js";
import outbound from "./packages/outbound/eslint.config.js";
import providers from "./packages/providers/eslint.config.js";
import api from "./apps/api/eslint.config.js";
import worker from "./apps/worker/eslint.config.js";

const root = path.dirname(fileURLToPath(import.meta.url));

const PACKAGES = {
  "packages/api-client": apiClient,
  "packages/auth": auth,
  "packages/config": config,
  "packages/contracts": contracts,
  "packages/db": db,
  "packages/documents": documents,
  "packages/domain": domain,
  "packages/jobs": jobs,
  "packages/kv": kv,
  "packages/observability": observability,
  "packages/outbound": outbound,
  "packages/providers": providers,
  "apps/api": api,
  "apps/worker": worker,
};

const inside = (dir, patterns) =>
  patterns.map((pattern) => (Array.isArray(pattern) ? inside(dir, pattern) : `${dir}/${pattern}`));

/** A package's config objects with their file patterns (and ignores) under the package's folder. */
const scoped = (dir, configs) =>
  configs.map((entry) => {
    const globalIgnores =
      entry.ignores && Object.keys(entry).every((key) => key === "ignores" || key === "name");
    return {
      ...entry,
      ...(!globalIgnores && { files: entry.files ? inside(dir, entry.files) : [`${dir}/**`] }),
      ...(entry.ignores && { ignores: inside(dir, entry.ignores) }),
    };
  });

export default [
  // What `eslint .` in a package never saw: the root's and tooling's own files.
  {
    ignores: [
      "*",
      "!apps",
      "!packages",
      "apps/*",
      "packages/*",
      ...Object.keys(PACKAGES).map((dir) => `!${dir}`),
    ],
  },
  ...Object.entries(PACKAGES).flatMap(([dir, configs]) => [...scoped(dir, configs)]),
  // The typed rules read one TypeScript program of every package (what `pnpm typecheck` checks)
  // instead of one per package.
  {
    files: Object.keys(PACKAGES).map((dir) => `${dir}/**`),
    languageOptions: {
      parserOptions: { projectService: false, project: ["./tsconfig.typecheck.json"], tsconfigRootDir: root },
    },
  },
];
