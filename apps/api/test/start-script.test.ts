import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `pnpm start` runs tooling/scripts/ensure-built.mjs before the API (issue 30, item 9): the
 * bundle is built only when a source is newer than it, since even a cached turbo build cost
 * 1-3 s of the 3 s allowed from `pnpm start` to a healthy API. The script runs here in a copy of
 * the repository's shape, with a `pnpm` on PATH that records its arguments instead of building.
 */
const SCRIPT = path.resolve(__dirname, "../../../tooling/scripts/ensure-built.mjs");
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fixture() {
  const root = mkdtempSync(path.join(tmpdir(), "ensure-built-"));
  roots.push(root);
  const files = [
    "pnpm-lock.yaml",
    "apps/api/package.json",
    "apps/api/tsup.config.ts",
    "apps/api/src/main.ts",
    "packages/db/package.json",
    "packages/db/src/schema/leads.ts",
    "apps/api/dist/main.js",
  ];
  const old = new Date(Date.now() - 3_600_000);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x");
    utimesSync(path.join(root, file), old, old);
  }
  const bundleAt = new Date(Date.now() - 1_800_000);
  utimesSync(path.join(root, "apps/api/dist/main.js"), bundleAt, bundleAt);
  mkdirSync(path.join(root, "tooling/scripts"), { recursive: true });
  copyFileSync(SCRIPT, path.join(root, "tooling/scripts/ensure-built.mjs"));
  // The stand-in for pnpm: records its arguments, exits with FAKE_PNPM_EXIT.
  mkdirSync(path.join(root, "bin"));
  writeFileSync(
    path.join(root, "bin/pnpm"),
    `#!/bin/sh\necho "$@" >> "${root}/pnpm-calls"\nexit \${FAKE_PNPM_EXIT:-0}\n`,
    { mode: 0o755 },
  );
  const run = (exitCode = 0, args: string[] = []) =>
    spawnSync(process.execPath, [path.join(root, "tooling/scripts/ensure-built.mjs"), ...args], {
      env: {
        ...process.env,
        PATH: `${path.join(root, "bin")}:${process.env.PATH}`,
        FAKE_PNPM_EXIT: String(exitCode),
      },
      encoding: "utf8",
    });
  const calls = () =>
    existsSync(path.join(root, "pnpm-calls"))
      ? readFileSync(path.join(root, "pnpm-calls"), "utf8").trim().split("\n")
      : [];
  const touch = (file: string) => utimesSync(path.join(root, file), new Date(), new Date());
  const bundleMtime = () => statSync(path.join(root, "apps/api/dist/main.js")).mtimeMs;
  /** A bundle that runs: the ES module package it sits in, both as old as the fixture's. */
  const bundleSource = (source: string) => {
    for (const [file, text] of [
      ["apps/api/package.json", '{ "type": "module" }'],
      ["apps/api/dist/main.js", source],
    ] as const) {
      writeFileSync(path.join(root, file), text);
      utimesSync(path.join(root, file), old, file.endsWith("main.js") ? bundleAt : old);
    }
  };
  return { root, run, calls, touch, bundleMtime, bundleSource };
}

describe("pnpm start's build step (ensure-built.mjs)", () => {
  it("starts without building when the bundle is newer than every source", () => {
    const f = fixture();
    expect(f.run().status).toBe(0);
    expect(f.calls()).toEqual([]);
  });

  it.each([
    "apps/api/src/main.ts",
    "packages/db/src/schema/leads.ts",
    "pnpm-lock.yaml",
    "packages/db/package.json",
  ])("builds the API with turbo when %s is newer than the bundle, then marks the bundle current", (file) => {
    const f = fixture();
    f.touch(file);
    const before = f.bundleMtime();
    expect(f.run().status).toBe(0);
    expect(f.calls()).toEqual(["exec turbo run build --filter=@studio/api... --output-logs=errors-only"]);
    expect(f.bundleMtime()).toBeGreaterThan(before);
    // The next start does not build again.
    expect(f.run().status).toBe(0);
    expect(f.calls()).toHaveLength(1);
  });

  it("builds when there is no bundle, and says so when the build wrote none", () => {
    const f = fixture();
    rmSync(path.join(f.root, "apps/api/dist"), { recursive: true });
    const result = f.run();
    expect(f.calls()).toHaveLength(1);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("without writing apps/api/dist/main.js");
  });

  it("--start (pnpm start) then runs the bundle in the same process, from apps/api", () => {
    const f = fixture();
    f.bundleSource("console.log(JSON.stringify({ cwd: process.cwd(), pid: process.pid }));\n");
    const result = f.run(0, ["--start"]);
    expect(result.status, result.stderr).toBe(0);
    const ran = JSON.parse(result.stdout.trim()) as { cwd: string; pid: number };
    expect(ran.cwd).toBe(path.join(f.root, "apps/api"));
    expect(ran.pid).toBe(result.pid);
    // Without it the script only builds (the bundle's line is not printed).
    expect(f.run().stdout).toBe("");
  });

  it("--start does not run the bundle when the build fails", () => {
    const f = fixture();
    f.bundleSource("console.log('ran');\n");
    f.touch("apps/api/src/main.ts");
    const result = f.run(3, ["--start"]);
    expect(result.status).toBe(3);
    expect(result.stdout).not.toContain("ran");
  });

  it("stops with the build's exit status when the build fails", () => {
    const f = fixture();
    f.touch("apps/api/src/main.ts");
    expect(f.run(3).status).toBe(3);
  });
});
