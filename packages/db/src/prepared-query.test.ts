import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { createDatabase, type DatabaseHandle, type DbOrTx } from "./client";
import { preparedQuery, preparedStatement } from "./prepared-query";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const tableName = `pq_probe_${randomBytes(4).toString("hex")}`;
const probe = pgTable(tableName, { n: integer("n").notNull() });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = createDatabase({ url, maxConnections: 2, connectTimeoutMs: 15_000 });
  await handle.executor.executeSql(`create table ${tableName} (n int not null)`);
});
afterAll(async () => {
  await handle?.executor.executeSql(`drop table if exists ${tableName}`);
  await handle?.close();
});

let builds = 0;
const insertOf = (db: DbOrTx) =>
  preparedQuery(db, "pq_insert", (on) => {
    builds += 1;
    return on
      .insert(probe)
      .values({ n: sql.placeholder("n") })
      .prepare("pq_insert");
  });
const countOf = async (n: number) =>
  (await handle.executor.executeSql(`select count(*)::int as c from ${tableName} where n = $1`, [n])).rows[0]!
    .c;

describe("preparedQuery", () => {
  it("builds a query once per handle, however many times it runs, and runs it with its placeholders", async () => {
    builds = 0;
    for (const n of [1, 2, 2]) await insertOf(handle.db).execute({ n });
    expect(builds).toBe(1);
    expect(await countOf(1)).toBe(1);
    expect(await countOf(2)).toBe(2);
  });

  it("a transaction builds its own, which runs inside that transaction (rolled back with it)", async () => {
    const rootInsert = insertOf(handle.db);
    await expect(
      handle.db.transaction(async (tx) => {
        const txInsert = insertOf(tx);
        expect(txInsert).not.toBe(rootInsert);
        await txInsert.execute({ n: 7 });
        const inside = (await tx.execute(
          sql`select count(*)::int as c from ${probe} where n = 7`,
        )) as unknown;
        expect((inside as { c: number }[])[0]).toEqual({ c: 1 });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await countOf(7)).toBe(0);
  });
});

describe("preparedStatement", () => {
  it("a raw statement is the same object on its handle however often it runs, with its placeholders' values", async () => {
    const insert = sql`insert into ${probe} (n) values (${sql.placeholder("n")}::int * 10) returning n`;
    const first = preparedStatement(handle.db, "pq_raw_insert", insert);
    expect(preparedStatement(handle.db, "pq_raw_insert", insert)).toBe(first);
    const answered = (await first.execute({ n: 4 })) as unknown as { n: number }[];
    expect([...answered]).toEqual([{ n: 40 }]);
    await first.execute({ n: 4 });
    expect(await countOf(40)).toBe(2);
  });
});
