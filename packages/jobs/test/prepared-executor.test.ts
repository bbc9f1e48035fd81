import { createDatabase, type DatabaseHandle } from "@studio/db";
import { afterEach, describe, expect, it } from "vitest";
import { preparedExecutorFor } from "../src/boss-db";
import { PG_ADMIN_URL } from "./harness";

// The worker's own statements (pg-boss's fetch and complete, the delivery slots) run prepared
// on PostgreSQL when the handle prepares statements (issue 30 item 6): one round trip each
// instead of a Parse + Describe round before every run.

const MARKER = "prepared-executor-probe";
const statement = `select $1::int as n, $2::jsonb as doc, '${MARKER}' as marker`;

/** One query connection (a fifth of 2, at least one): the probe sees the session that ran it. */
const open = (prepareStatements?: boolean) =>
  createDatabase({ url: PG_ADMIN_URL, maxConnections: 2, prepareStatements });

const preparedHere = async (database: DatabaseHandle) => {
  const { rows } = await database.executor.executeSql(
    `select count(*)::int as n from pg_prepared_statements where statement = $1`,
    [statement],
  );
  return Number((rows[0] as { n: number }).n);
};

describe("preparedExecutorFor", () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("prepares a statement once per connection and answers what the handle's executor answers", async () => {
    database = open();
    const executor = preparedExecutorFor(database);
    expect(preparedExecutorFor(database)).toBe(executor);
    for (const n of [1, 2, 3]) {
      const { rows } = await executor.executeSql(statement, [n, JSON.stringify({ n })]);
      expect(rows).toEqual((await database.executor.executeSql(statement, [n, JSON.stringify({ n })])).rows);
      expect(rows).toEqual([{ n, doc: { n }, marker: MARKER }]);
    }
    expect(await preparedHere(database)).toBe(1);
    // A script without parameters still runs as one (simple protocol), as pg-boss's are.
    const { rows } = await executor.executeSql("select 1 as a; select 2 as b");
    expect(rows).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it("leaves statements unprepared on a handle opened without prepared statements (a pooler)", async () => {
    database = open(false);
    const executor = preparedExecutorFor(database);
    for (const n of [1, 2]) await executor.executeSql(statement, [n, JSON.stringify({ n })]);
    expect(await preparedHere(database)).toBe(0);
  });
});
