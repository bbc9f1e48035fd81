import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createDatabase, type DatabaseHandle } from "./client";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Named statements of the handle's one connection whose text contains `marker` (this query excluded). */
const prepared = (h: DatabaseHandle, marker: string) =>
  h.db.execute(
    sql`select count(*)::int as n from pg_prepared_statements where strpos(statement, ${marker}) > 0 and strpos(statement, 'pg_prepared_statements') = 0`,
  );
const count = (rows: unknown) => (rows as { n: number }[])[0]!.n;

let on: DatabaseHandle;
let off: DatabaseHandle;
beforeAll(() => {
  // One query connection and one transaction connection each, so pg_prepared_statements shows
  // the statements of the connection the check runs on.
  on = createDatabase({ url, maxConnections: 1, connectTimeoutMs: 15_000 });
  off = createDatabase({ url, maxConnections: 1, connectTimeoutMs: 15_000, prepareStatements: false });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

describe("prepared statements on PostgreSQL", () => {
  it("Drizzle queries become named prepared statements, reused per connection", async () => {
    for (let i = 0; i < 3; i++) await on.db.execute(sql`select ${i}::int as studio_probe`);
    expect(count(await prepared(on, "studio_probe"))).toBe(1);
  });

  it("queries inside transactions are prepared too", async () => {
    // Transactions run on the handle's transaction connection: look there, inside a transaction.
    const seen = await on.db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as studio_probe_tx`);
      return tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where strpos(statement, ${"studio_probe_tx"}) > 0 and strpos(statement, 'pg_prepared_statements') = 0`,
      );
    });
    expect(count(seen)).toBe(1);
  });

  it("prepareStatements: false keeps Drizzle's unnamed statements (for transaction-mode poolers)", async () => {
    await off.db.execute(sql`select ${1}::int as studio_probe`);
    expect(count(await prepared(off, "studio_probe"))).toBe(0);
  });
});
