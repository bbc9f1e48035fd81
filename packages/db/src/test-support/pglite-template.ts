// A migrated PGlite for tests without initdb and the migrations each time (issue 30 item 9): a new
// PGlite runs initdb (~2 s of CPU on the 2-core box, 5 s for the first in a process) and the
// migrations (~2 s); loading a dump of an already migrated one costs ~1.5 s. The dump is built once
// (a package's vitest global setup builds it beside the first files) and kept as a file in the OS
// temporary directory between runs, named by the migrations, what was installed beside them and
// PGlite's version, so a stale one is never loaded.

import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { createDatabase, migrationsFolder, openPglite, type DatabaseHandle } from "../client";

/** Something installed on the migrated template before it is dumped (e.g. the job queue's schema). */
export interface PgliteTemplateExtra {
  /** Names the step in the dump's cache key: change it when what the step installs changes. */
  key: string;
  install(handle: DatabaseHandle): Promise<void>;
}

export interface PgliteTemplate {
  /** The dump's file (it may not exist yet). */
  dumpPath(): string;
  /**
   * Vitest global setup: makes sure the dump file exists, building it in the background when it
   * does not (test files started meanwhile wait for it instead of building their own); removes
   * dumps of older migrations. Resolves when the file is written; rejects when the build failed
   * (files then build their own).
   */
  prepare(): Promise<void>;
  /**
   * A fresh migrated PGlite loaded from the dump: in memory, or in `dataDir`, a directory that
   * holds no database yet (reopen it later with createDatabase({ dataDir }) as usual).
   */
  fresh(dataDir?: string): Promise<DatabaseHandle>;
}

const DUMP_PREFIX = "studio_pglite_";
/** Dumps named before the cache key had a label (apps/api's until issue 30 item 9). */
const LEGACY_PREFIX = `${DUMP_PREFIX}studio_tpl_`;
/** Set by global setup while it builds a dump: files wait for that file instead of building their own. */
const BUILDING_ENV = "STUDIO_TEST_PGLITE_DUMP_BUILDING";

/** PGlite's version (its package.json is not exported: read next to its entry point). */
const PGLITE_VERSION = (() => {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
})();

/** Per process and template: the dump, read (or built) once. */
const loaded = new Map<string, Promise<Blob>>();

/** The migrated PGlite template, with `extra` installed when given. */
export function pgliteTemplate(extra?: PgliteTemplateExtra): PgliteTemplate {
  const label = extra ? extra.key.replace(/[^a-zA-Z0-9]+/g, "_") : "migrated";
  const buildingEnv = `${BUILDING_ENV}_${label.toUpperCase()}`;

  let named: string | undefined;
  function dumpPath(): string {
    if (named) return named;
    const hash = createHash("sha256");
    hash.update(extra ? `extra:${extra.key}` : "migrated");
    for (const file of readdirSync(migrationsFolder).sort()) {
      if (file.endsWith(".sql")) hash.update(readFileSync(path.join(migrationsFolder, file)));
    }
    named = path.join(
      tmpdir(),
      `${DUMP_PREFIX}${label}-${hash.digest("hex").slice(0, 12)}-${PGLITE_VERSION}.tar`,
    );
    return named;
  }

  async function build(): Promise<Blob> {
    const template = createDatabase({ pglite: openPglite("memory://") });
    try {
      await template.migrate();
      if (extra) await extra.install(template);
      return await (template.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    } finally {
      await template.close();
    }
  }

  function prepare(): Promise<void> {
    const file = dumpPath();
    const failed = `${file}.failed`;
    rmSync(failed, { force: true });
    for (const name of readdirSync(tmpdir())) {
      const other = path.join(tmpdir(), name);
      // This template's older dumps; its partial files only when old (another run may be writing).
      const stale =
        (name.startsWith(`${DUMP_PREFIX}${label}-`) || name.startsWith(LEGACY_PREFIX)) &&
        !other.startsWith(file);
      const abandoned = other.startsWith(`${file}.`) && Date.now() - statSync(other).mtimeMs > 3_600_000;
      if (stale || abandoned) rmSync(other, { force: true });
    }
    if (existsSync(file)) return Promise.resolve();
    process.env[buildingEnv] = file;
    return (async () => {
      try {
        const dump = await build();
        // Written under a unique name and renamed: a reader never sees half a file.
        const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } catch (error) {
        // Files waiting for the dump stop waiting and build their own.
        writeFileSync(failed, String(error));
        throw error;
      } finally {
        delete process.env[buildingEnv];
      }
    })();
  }

  /** The file global setup wrote (waiting while it builds it), else a dump built here. */
  async function dump(): Promise<Blob> {
    const file = dumpPath();
    if (process.env[buildingEnv] === file) {
      const deadline = Date.now() + 120_000;
      while (!existsSync(file) && !existsSync(`${file}.failed`) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
    }
    if (existsSync(file)) return new Blob([await readFile(file)], { type: "application/x-tar" });
    return build();
  }

  async function fresh(dataDir = "memory://"): Promise<DatabaseHandle> {
    const file = dumpPath();
    let template = loaded.get(file);
    if (!template) {
      template = dump();
      loaded.set(file, template);
      // A failed read is not kept: the next caller tries again.
      template.catch(() => loaded.delete(file));
    }
    return createDatabase({ pglite: openPglite(dataDir, { loadDataDir: await template }) });
  }

  return { dumpPath, prepare, fresh };
}
