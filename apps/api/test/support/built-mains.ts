import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const workerDir = path.resolve(apiDir, "../worker");
const OUT_DIR = ".test-dist";

/**
 * The process tests spawn the API and the worker as production runs them: each app bundled by
 * tsup with its own tsup.config.ts (what `pnpm start` and `pnpm worker` build), here into
 * `.test-dist` so a build of `dist` (`pnpm start`, the worker suite's bundle test) never races
 * them. Global setup builds both once per run. A start from the bundle costs ~1.7 s of CPU
 * against ~3.9 s under tsx, which loads every TypeScript source of the app (~15 processes a run).
 */
export const builtApiMain = path.join(apiDir, OUT_DIR, "main.js");
export const builtWorkerMain = path.join(workerDir, OUT_DIR, "main.js");

/** The built entry of the app in `dir` (the API's or the worker's directory). */
export const builtMainIn = (dir: string) =>
  path.resolve(dir) === workerDir ? builtWorkerMain : builtApiMain;

export async function buildMains(): Promise<void> {
  await Promise.all(
    [apiDir, workerDir].map((cwd) =>
      promisify(execFile)(path.join(cwd, "node_modules/.bin/tsup"), ["--out-dir", OUT_DIR, "--silent"], {
        cwd,
      }),
    ),
  );
}
