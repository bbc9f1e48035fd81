// Test databases on the PostgreSQL server are dropped when the test run ends, not as each file
// ends. Why: this machine's root filesystem is ext4 without a journal, where creating a file skips
// every inode freed in the last ~30 s, reading its inode-table entry for each. A dropped database
// frees ~835 files, so the next CREATE DATABASE scanned thousands of them for each of its own
// files: 72 % of PostgreSQL's CPU during a full `pnpm test` was that scan (perf, issue 30 item 9).
// Dropping them all at the end leaves nothing recently freed while the run creates databases.

import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase } from "../client";

/** Set by a package's vitest global setup; test files inherit it through the environment. */
export const TEST_RUN_ENV = "STUDIO_TEST_RUN";

/** The run's tag (a global setup started one), else undefined (a file run outside one). */
export function currentTestRun(): string | undefined {
  const tag = process.env[TEST_RUN_ENV];
  return tag && /^[a-z0-9]{4,16}$/.test(tag) ? tag : undefined;
}

/** Global setup: a tag for this run's databases (kept when an outer run already set one). */
export function startTestRun(): string {
  const tag = currentTestRun() ?? `r${Date.now().toString(36)}x${Math.random().toString(36).slice(2, 6)}`;
  process.env[TEST_RUN_ENV] = tag;
  return tag;
}

/** The name part that marks a database as the current run's (empty outside a run). */
export function runMarker(): string {
  const tag = currentTestRun();
  return tag ? `${tag}_` : "";
}

/**
 * A file is done with its database: dropped at the run's end when a run is going (the name then
 * carries runMarker()), else at once. The caller has closed its own connections.
 */
export async function releaseTestDatabase(
  admin: { executor: { executeSql(sql: string): Promise<unknown> } },
  name: string,
): Promise<void> {
  const tag = currentTestRun();
  if (tag && name.includes(`_${tag}_`)) return;
  await admin.executor.executeSql(`drop database if exists "${name}" with (force)`);
}

/**
 * Drops every database of the run `tag` on the server at `adminUrl`, two at a time: each drop waits
 * for a checkpoint (~0.2-1.7 s here), and eight at once made another package's own CREATE/DROP
 * DATABASE, still running, wait past its statement timeout.
 */
export async function dropRunDatabases(adminUrl: string, tag: string): Promise<number> {
  const admin = createDatabase({
    url: adminUrl,
    maxConnections: 2,
    connectTimeoutMs: 15_000,
    statementTimeoutMs: 120_000,
  });
  try {
    const { rows } = await admin.executor.executeSql(
      "select datname from pg_database where strpos(datname, $1) > 0",
      [`_${tag}_`],
    );
    const names = (rows as { datname: string }[]).map((r) => r.datname);
    const dropNext = async (): Promise<void> => {
      const name = names.pop();
      if (name === undefined) return;
      await admin.executor
        .executeSql(`drop database if exists "${name}" with (force)`)
        .catch(() => undefined);
      return dropNext();
    };
    const count = names.length;
    await Promise.all(Array.from({ length: 2 }, dropNext));
    return count;
  } finally {
    await admin.close();
  }
}

/**
 * Global setup: drops the databases of runs that started more than two hours ago (their teardown's
 * child was killed or never ran), in the background like a teardown.
 */
export async function dropAbandonedRunDatabases(adminUrl: string): Promise<void> {
  const admin = createDatabase({ url: adminUrl, maxConnections: 1, connectTimeoutMs: 15_000 });
  try {
    const { rows } = await admin.executor.executeSql("select datname from pg_database");
    const cutoff = Date.now() - 2 * 3600_000;
    const tags = new Set<string>();
    for (const { datname } of rows as { datname: string }[]) {
      const match = /_(r([0-9a-z]+)x[0-9a-z]+)_/.exec(datname);
      if (match && parseInt(match[2]!, 36) < cutoff) tags.add(match[1]!);
    }
    for (const tag of tags) dropRunDatabasesInBackground(adminUrl, tag);
  } finally {
    await admin.close();
  }
}

/**
 * Global teardown: drops the run's databases in a detached child process, so the run ends without
 * waiting for ~150 checkpoints (30 s or more); one it leaves behind (killed, machine stopped) is
 * dropped by a later run's setup once it is two hours old.
 */
export function dropRunDatabasesInBackground(adminUrl: string, tag: string): void {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./drop-run-databases.ts", import.meta.url)), adminUrl, tag],
    { detached: true, stdio: "ignore", cwd: path.dirname(fileURLToPath(import.meta.url)) },
  );
  child.unref();
}
