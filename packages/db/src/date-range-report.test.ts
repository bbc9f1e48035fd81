import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { createDatabase, migrationsFolder, openPglite, type DatabaseHandle } from "./client";

// Migration 0012 (issue 27 item 5): values already stored outside 1900-01-01 .. 2100-12-31 are
// listed in date_range_report and left as they are; values inside the range are not listed.

const REPORT_TAG = "0012_date-range-report";

/** The migrations up to, not including, the report: the database as it was before. */
function migrationsBeforeReport(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-before-report-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === REPORT_TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

let handle: DatabaseHandle;
beforeAll(async () => {
  const pglite = openPglite("memory://");
  await migrate(drizzle(pglite), { migrationsFolder: migrationsBeforeReport() });
  handle = createDatabase({ pglite });
  const sql = handle.executor.executeSql.bind(handle.executor);
  await sql(`insert into studios (id, name, slug) values ('s1', 'S', 's1')`);
  await sql(`insert into clients (id, studio_id, first_name, phone, birth_date) values
    ('c-old', 's1', 'Old', '1', '0099-06-01'), ('c-ok', 's1', 'Ok', '2', '1950-06-01')`);
  await sql(`insert into progress_photos (id, studio_id, client_id, url, taken_at) values
    ('p-bad', 's1', 'c-ok', 'https://x/a.jpg', '0020-02-29 00:00:00+00'),
    ('p-far', 's1', 'c-ok', 'https://x/b.jpg', '20255-01-01 00:00:00+00'),
    ('p-edge', 's1', 'c-ok', 'https://x/c.jpg', '1899-12-31 10:00:00+00'),
    ('p-ok', 's1', 'c-ok', 'https://x/d.jpg', '2024-02-29 08:00:00+00')`);
  await handle.migrate();
}, 60_000);
afterAll(async () => handle?.close());

describe("migration 0012: stored dates outside the range are reported, not changed", () => {
  it("lists each value outside the range with its table, column, row id and the row", async () => {
    const { rows } = await handle.executor.executeSql(
      `select table_name, column_name, row_id, value, row_data from date_range_report order by table_name, row_id`,
    );
    expect(rows.map((r) => [r.table_name, r.column_name, r.row_id, r.value])).toEqual([
      ["clients", "birth_date", "c-old", "0099-06-01"],
      ["progress_photos", "taken_at", "p-bad", "0020-02-29 00:00:00+00"],
      ["progress_photos", "taken_at", "p-far", "20255-01-01 00:00:00+00"],
    ]);
    expect(rows[1]!.row_data).toMatchObject({ id: "p-bad", url: "https://x/a.jpg" });
  });

  it("leaves the rows as they were (no clamping, nothing moved)", async () => {
    const { rows } = await handle.executor.executeSql(
      `select id, taken_at::text as t from progress_photos order by id`,
    );
    expect(rows.map((r) => [r.id, r.t])).toEqual([
      ["p-bad", "0020-02-29 00:00:00+00"],
      ["p-edge", "1899-12-31 10:00:00+00"],
      ["p-far", "20255-01-01 00:00:00+00"],
      ["p-ok", "2024-02-29 08:00:00+00"],
    ]);
  });
});
