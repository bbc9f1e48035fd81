import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, type DatabaseHandle } from "./client";
import { pgliteTemplate } from "./test-support/pglite-template";

const seedFile = path.join(migrationsFolder, "0010_seed-system-foods.sql");

let handle: DatabaseHandle;
beforeAll(async () => {
  // Loaded from the migrated template's dump (test/global-setup.ts builds it); a fresh database
  // is migrated in date-range-report.test.ts.
  handle = await pgliteTemplate().fresh();
}, 60_000);
afterAll(async () => handle?.close());

const systemFoods = async () =>
  (
    await handle.executor.executeSql(
      `select id, name, brand, category, categories, kcal, protein, carbs, fat, include_in_shopping, private_ai_import
         from foods where studio_id is null order by id`,
    )
  ).rows;

describe("migration 0010: system foods", () => {
  it("seeds a starter catalogue of system foods with fixed ids, Hebrew names and per-100 g values", async () => {
    const rows = await systemFoods();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThanOrEqual(60);
    for (const row of rows) {
      expect(String(row.id)).toMatch(/^sysfood-[a-z0-9-]+$/);
      expect(String(row.name)).toMatch(/[\u0590-\u05FF]/);
      expect(row.brand).toBeNull();
      expect(row.private_ai_import).toBe(false);
      expect(Array.isArray(row.categories)).toBe(true);
      expect(row.categories as string[]).toContain(row.category);
      for (const key of ["kcal", "protein", "carbs", "fat"] as const)
        expect(Number(row[key])).toBeGreaterThanOrEqual(0);
    }
    const hidden = rows.filter((row) => row.include_in_shopping === false).map((row) => row.id);
    expect(hidden).toEqual(expect.arrayContaining(["sysfood-water", "sysfood-salt"]));
    expect(hidden.length).toBeLessThan(rows.length / 4);
  });

  it("is idempotent: running the seed again adds and changes nothing", async () => {
    const before = await systemFoods();
    const statements = readFileSync(seedFile, "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await handle.executor.executeSql(statement);
    expect(await systemFoods()).toEqual(before);
  });
});
