import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "./client";
import { pgliteTemplate } from "./test-support/pglite-template";

// content_unlocks has no per-row foreign keys (migration 0022): its statement triggers hold the
// rules instead. Each test here fails without them.

const seed = `
  insert into studios (id, name, slug) values ('s1', 'S1', 's1'), ('s2', 'S2', 's2');
  insert into clients (id, studio_id, first_name, last_name, phone) values
    ('c1', 's1', 'A', 'A', '+972500000001'), ('c2', 's1', 'B', 'B', '+972500000002'),
    ('x1', 's2', 'X', 'X', '+972500000003');
  insert into content_items (id, studio_id, type, title) values
    ('i1', 's1', 'recipe', 'I1'), ('i2', 's1', 'recipe', 'I2'), ('j1', 's2', 'recipe', 'J1');`;

const unlock = (studio: string, item: string, client: string) =>
  `insert into content_unlocks (studio_id, content_id, client_id, source) values ('${studio}', '${item}', '${client}', 'manual')`;

describe("content_unlocks integrity (statement triggers)", () => {
  let handle: DatabaseHandle;
  const sql = (text: string) => handle.executor.executeSql(text);
  const pairs = async () =>
    (await sql("select studio_id, content_id, client_id from content_unlocks order by 1, 2, 3")).rows.map(
      (r) => `${String(r.studio_id)}/${String(r.content_id)}/${String(r.client_id)}`,
    );

  beforeAll(async () => {
    handle = await pgliteTemplate().fresh();
  }, 60_000);
  afterAll(async () => handle?.close());
  beforeEach(async () => {
    await sql("delete from studios");
    for (const statement of seed.split(";").filter((s) => s.trim())) await sql(statement);
  });

  it("a row whose trainee or item is another studio's (or missing) is a foreign_key_violation; nothing is written", async () => {
    await expect(sql(unlock("s1", "i1", "x1"))).rejects.toMatchObject({ code: "23503" });
    await expect(sql(unlock("s1", "j1", "c1"))).rejects.toMatchObject({ code: "23503" });
    await expect(sql(unlock("s2", "i1", "c1"))).rejects.toMatchObject({ code: "23503" });
    await expect(sql(unlock("s1", "i1", "nobody"))).rejects.toMatchObject({ code: "23503" });
    await expect(sql(unlock("nowhere", "i1", "c1"))).rejects.toMatchObject({ code: "23503" });
    // One bad row fails the whole statement.
    await expect(
      sql(`insert into content_unlocks (studio_id, content_id, client_id, source)
        values ('s1', 'i1', 'c1', 'manual'), ('s1', 'i1', 'x1', 'manual')`),
    ).rejects.toMatchObject({ code: "23503" });
    expect(await pairs()).toEqual([]);
    await sql(unlock("s1", "i1", "c1"));
    await sql(unlock("s2", "j1", "x1"));
    expect(await pairs()).toEqual(["s1/i1/c1", "s2/j1/x1"]);
  });

  it("an update may not move a row to another studio's trainee or item", async () => {
    await sql(unlock("s1", "i1", "c1"));
    await expect(sql("update content_unlocks set client_id = 'x1'")).rejects.toMatchObject({ code: "23503" });
    await expect(sql("update content_unlocks set content_id = 'j1'")).rejects.toMatchObject({
      code: "23503",
    });
    await sql("update content_unlocks set client_id = 'c2'");
    expect(await pairs()).toEqual(["s1/i1/c2"]);
  });

  it("deleting a trainee or an item deletes its rows, others stay; deleting a studio deletes all of its rows", async () => {
    for (const [s, i, c] of [
      ["s1", "i1", "c1"],
      ["s1", "i1", "c2"],
      ["s1", "i2", "c1"],
      ["s1", "i2", "c2"],
      ["s2", "j1", "x1"],
    ] as const)
      await sql(unlock(s, i, c));
    await sql("delete from clients where id = 'c1'");
    expect(await pairs()).toEqual(["s1/i1/c2", "s1/i2/c2", "s2/j1/x1"]);
    await sql("delete from content_items where id = 'i2'");
    expect(await pairs()).toEqual(["s1/i1/c2", "s2/j1/x1"]);
    await sql("delete from studios where id = 's1'");
    expect(await pairs()).toEqual(["s2/j1/x1"]);
  });
});

// Two connections on a real PostgreSQL: the per-studio advisory lock closes the window in which
// a trainee deleted by one transaction could keep a row inserted by another.
describe("content_unlocks integrity under concurrency (PostgreSQL)", () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `unlock_race_${randomBytes(4).toString("hex")}`;
  let admin: DatabaseHandle;
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  // Room for a loaded CI machine: a create or drop database waited beyond the 5 s default
  // statement timeout in a full run (checkpoints, other runs' drops).
  const timeouts = { connectTimeoutMs: 15_000, acquireTimeoutMs: 15_000, statementTimeoutMs: 60_000 };

  beforeAll(async () => {
    admin = createDatabase({ url: adminUrl, maxConnections: 1, ...timeouts });
    await admin.executor.executeSql(`create database ${name}`);
    const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
    a = createDatabase({ url, maxConnections: 1, ...timeouts });
    b = createDatabase({ url, maxConnections: 1, ...timeouts });
    await a.migrate();
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin?.executor.executeSql(`drop database if exists ${name} with (force)`);
    await admin?.close();
  }, 120_000);
  beforeEach(async () => {
    await a.executor.executeSql("delete from studios");
    for (const statement of seed.split(";").filter((s) => s.trim())) await a.executor.executeSql(statement);
  });

  const count = async () =>
    Number((await a.executor.executeSql("select count(*) as n from content_unlocks")).rows[0]!.n);

  it("a trainee deleted while an unlock of it is in flight: the delete waits for the unlock and removes its row", async () => {
    let deleted!: Promise<unknown>;
    await a.db.transaction(async (tx) => {
      await tx.execute(unlock("s1", "i1", "c1"));
      deleted = b.executor.executeSql("delete from clients where id = 'c1'");
      // The delete has removed the trainee row and now waits on the lock this transaction holds.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await deleted;
    expect(await count()).toBe(0);
  });

  it("an unlock of a trainee whose delete is in flight waits for it and then fails; nothing is left", async () => {
    let inserted!: Promise<unknown>;
    await b.db.transaction(async (tx) => {
      await tx.execute("delete from clients where id = 'c1'");
      inserted = a.executor.executeSql(unlock("s1", "i1", "c1")).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await inserted).toMatchObject({ code: "23503" });
    expect(await count()).toBe(0);
  });
});
