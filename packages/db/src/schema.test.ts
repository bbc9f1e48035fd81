import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { pgliteTemplate } from "./test-support/pglite-template";

let handle: DatabaseHandle;
beforeAll(async () => {
  // Loaded from the migrated template's dump (test/global-setup.ts builds it); a fresh database
  // is migrated in date-range-report.test.ts.
  handle = await pgliteTemplate().fresh();
}, 60_000);
afterAll(async () => handle?.close());

describe("schema rules", () => {
  it("every tenant table has studio_id with a foreign key to studios (or the statement trigger that checks it) and an index", async () => {
    // content_unlocks: its rows' studio is checked set-based by content_unlocks_check (migration
    // 0022; content-unlock-integrity.test.ts), not by a per-row foreign key.
    const { rows } = await handle.executor.executeSql(`
      select c.table_name,
        exists (select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                where t.tgrelid = c.table_name::regclass and p.proname = c.table_name || '_check')
        or exists (select 1 from information_schema.table_constraints tc
                join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
                join information_schema.constraint_column_usage u on u.constraint_name = tc.constraint_name
                where tc.table_name = c.table_name and tc.constraint_type = 'FOREIGN KEY' and k.column_name = 'studio_id' and u.table_name = 'studios') as has_fk,
        exists (select 1 from pg_indexes i where i.tablename = c.table_name and i.indexdef ~ '\\(studio_id') as has_index
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'studio_id'`);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows)
      expect(row, String(row.table_name)).toMatchObject({ has_fk: true, has_index: true });
  });

  it("every timestamp column is timestamptz", async () => {
    const { rows } = await handle.executor.executeSql(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type = 'timestamp without time zone'",
    );
    expect(rows).toEqual([]);
  });

  it("migrations are idempotent (a second run applies nothing and fails nothing)", async () => {
    await expect(handle.migrate()).resolves.toBeUndefined();
  });
});
