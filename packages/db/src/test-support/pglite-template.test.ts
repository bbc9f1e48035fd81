import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, migrationsFolder, type DatabaseHandle } from "../client";
import { pgliteTemplate } from "./pglite-template";

// Two loads in all (each costs ~1.5 s of CPU): one in memory, one in a data directory.
let memory: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  memory = await pgliteTemplate().fresh();
  dataDir = await mkdtemp(path.join(tmpdir(), "pglite-template-test-"));
}, 60_000);
afterAll(async () => {
  await memory?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the migrated PGlite template", () => {
  it("loads a database with every migration applied", async () => {
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const { rows } = await memory.executor.executeSql(
      "select count(*)::int as applied from drizzle.__drizzle_migrations",
    );
    expect(rows[0]!.applied).toBe(journal.entries.length);
  });

  it("opens PGlite as the app does: raw queries on the client read dates exactly", async () => {
    // The instance's own parsers (openPglite's), which queries outside the executor and Drizzle
    // use (pg-boss's scripts run through client.exec): without them PGlite reads 0099 as 1999.
    const client = (memory.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ t: Date }>("select '0099-06-01 10:00:00+00'::timestamptz as t");
    expect(rows[0]!.t.toISOString()).toBe("0099-06-01T10:00:00.000Z");
  });

  it("loads a database of its own into a new data directory, which reopens with what was written", async () => {
    await memory.executor.executeSql("insert into studios (id, name, slug) values ('s-m', 'M', 'm')");
    const first = await pgliteTemplate().fresh(dataDir);
    try {
      expect((await first.executor.executeSql("select id from studios")).rows).toEqual([]);
      await first.executor.executeSql("insert into studios (id, name, slug) values ('s-p', 'P', 'p')");
    } finally {
      await first.close();
    }
    const again = createDatabase({ dataDir });
    try {
      expect((await again.executor.executeSql("select id from studios")).rows).toEqual([{ id: "s-p" }]);
    } finally {
      await again.close();
    }
  });

  it("names a template with something installed beside the migrations apart from the plain one", () => {
    const plain = pgliteTemplate().dumpPath();
    const extra = pgliteTemplate({ key: "with-x-1", install: async () => {} }).dumpPath();
    expect(extra).not.toBe(plain);
    expect(path.basename(extra)).toMatch(/^studio_pglite_with_x_1-/);
    expect(pgliteTemplate({ key: "with-x-2", install: async () => {} }).dumpPath()).not.toBe(extra);
  });
});
