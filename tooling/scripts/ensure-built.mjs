// `pnpm start`, first step: build the API bundle only when a source is newer than it. A cached
// `turbo run build` still costs ~1-3 s of process start and hashing on this 2-core machine, most
// of the 3 s the issue allows from `pnpm start` to a healthy API; comparing modification times
// of the ~1,000 inputs takes ~20 ms. Conservative: a touched file (git checkout, editor save)
// rebuilds even when its content did not change, and turbo's own cache then answers.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bundle = path.join(root, "apps/api/dist/main.js");

/** The newest modification time under `dir` (files only), skipping dependencies and outputs. */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function newestInput() {
  const packages = readdirSync(path.join(root, "packages")).map((name) => path.join(root, "packages", name));
  const files = [
    path.join(root, "pnpm-lock.yaml"),
    path.join(root, "apps/api/package.json"),
    path.join(root, "apps/api/tsup.config.ts"),
    ...packages.map((dir) => path.join(dir, "package.json")),
  ].filter((file) => existsSync(file));
  const dirs = [path.join(root, "apps/api/src"), ...packages.map((dir) => path.join(dir, "src"))].filter(
    (dir) => existsSync(dir),
  );
  return Math.max(...files.map((file) => statSync(file).mtimeMs), ...dirs.map(newestUnder));
}

const fresh = existsSync(bundle) && statSync(bundle).mtimeMs >= newestInput();
if (!fresh) {
  const build = spawnSync(
    "pnpm",
    ["exec", "turbo", "run", "build", "--filter=@studio/api...", "--output-logs=errors-only"],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (!existsSync(bundle)) {
    console.error("the build finished without writing apps/api/dist/main.js");
    process.exit(1);
  }
  // turbo's cache may answer without rewriting the bundle (inputs touched, content unchanged);
  // the bundle now matches the inputs, so the next start skips turbo.
  const now = new Date();
  utimesSync(bundle, now, now);
}

// `--start` (`pnpm start`): run the bundle in this process, from apps/api (the embedded data
// directory is relative to it): one Node start instead of a second `node dist/main.js` after
// this one (~0.1-0.2 s of the time to a healthy API, issue 30 item 9). The V8 flags of
// `pnpm start` are on this process's command line.
if (process.argv.includes("--start")) {
  process.chdir(path.join(root, "apps/api"));
  await import(pathToFileURL(bundle).href);
}
