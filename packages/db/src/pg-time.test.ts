import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lt, sql } from "drizzle-orm";
import { date, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createDatabase, openPglite, type DatabaseHandle } from "./client";
import { parsePgDate, parsePgTimestamp, utcMilliseconds } from "./pg-time";

// Issue 27 item 5: years below 100 came back wrong (0099 as 1999) or as an Invalid Date (0030),
// because Drizzle read PostgreSQL's text with `new Date(text)`. Every year round-trips now, on
// both drivers, through Drizzle's columns and through the raw executor.

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const YEARS = [1, 99, 100, 1899, 2100, 9999];
const pad = (year: number) => String(year).padStart(4, "0");

/** An instant of `year` with every field set, so a shift of any of them shows. */
const instantOf = (year: number) => new Date(utcMilliseconds(year, 2, 28, 13, 14, 15, 678));
const isoOf = (year: number) => `${pad(year)}-02-28T13:14:15.678Z`;

describe("parsePgTimestamp and parsePgDate (PostgreSQL's ISO text)", () => {
  it("read years below 100 as written, not as 19xx/20xx", () => {
    expect(parsePgTimestamp("0099-06-01 00:00:00+00").toISOString()).toBe("0099-06-01T00:00:00.000Z");
    expect(parsePgTimestamp("0030-06-01 00:00:00+00").toISOString()).toBe("0030-06-01T00:00:00.000Z");
    expect(parsePgTimestamp("0020-02-29 00:00:00+00").toISOString()).toBe("0020-02-29T00:00:00.000Z");
    expect(parsePgDate("0001-01-01").toISOString()).toBe("0001-01-01T00:00:00.000Z");
    // What `new Date` made of the same text (the bug): another century, or no date at all.
    expect(new Date("0099-06-01 00:00:00+00").getUTCFullYear()).not.toBe(99);
  });

  it("offsets with minutes and seconds (local mean time), fractions, BC, JSON's T form, infinity", () => {
    expect(parsePgTimestamp("1899-12-31 23:39:06+02:20:54").toISOString()).toBe("1899-12-31T21:18:12.000Z");
    expect(parsePgTimestamp("2024-06-01 10:00:00.123456+05:30").toISOString()).toBe(
      "2024-06-01T04:30:00.123Z",
    );
    expect(parsePgTimestamp("2024-06-01 10:00:00.5-03").toISOString()).toBe("2024-06-01T13:00:00.500Z");
    expect(parsePgTimestamp("2024-06-01T10:00:00+00:00").toISOString()).toBe("2024-06-01T10:00:00.000Z");
    expect(parsePgTimestamp("2024-06-01 10:00:00").toISOString()).toBe("2024-06-01T10:00:00.000Z");
    expect(parsePgTimestamp("0044-03-15 12:00:00+00 BC").toISOString()).toBe("-000043-03-15T12:00:00.000Z");
    expect(parsePgDate("0044-03-15 BC").getUTCFullYear()).toBe(-43);
    expect(parsePgTimestamp("10000-01-01 00:00:00+00").getUTCFullYear()).toBe(10000);
    expect(parsePgTimestamp("infinity").getTime()).toBe(8.64e15);
    expect(parsePgTimestamp("-infinity").getTime()).toBe(-8.64e15);
    expect(Number.isNaN(parsePgDate("infinity").getTime())).toBe(false);
  });
});

const table = `pg_time_${randomBytes(4).toString("hex")}`;
const probe = pgTable(table, {
  id: text("id").primaryKey(),
  day: date("day", { mode: "date" }),
  dayText: date("day_text", { mode: "string" }),
  local: timestamp("local", { withTimezone: false }),
  instant: timestamp("instant", { withTimezone: true }),
  instantText: timestamp("instant_text", { withTimezone: true, mode: "string" }),
});
const DDL = `create table ${table} (id text primary key, day date, day_text date, local timestamp,
  instant timestamptz, instant_text timestamptz)`;

function roundTrips(name: string, open: () => Promise<DatabaseHandle>) {
  describe(`${name}: date, timestamp and timestamptz round-trip for years ${YEARS.join(", ")}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await open();
      await handle.executor.executeSql(DDL);
      for (const year of YEARS)
        await handle.db.insert(probe).values({
          id: String(year),
          day: new Date(utcMilliseconds(year, 2, 28)),
          dayText: `${pad(year)}-02-28`,
          local: instantOf(year),
          instant: instantOf(year),
          instantText: isoOf(year),
        });
    });
    afterAll(async () => {
      await handle?.executor.executeSql(`drop table if exists ${table}`);
      await handle?.close();
    });

    it("Drizzle's columns answer the instant and the day that were stored", async () => {
      const rows = await handle.db.select().from(probe).orderBy(probe.instant);
      expect(rows.map((r) => r.id)).toEqual(YEARS.map(String));
      for (const year of YEARS) {
        const row = rows.find((r) => r.id === String(year))!;
        expect(row.instant!.toISOString(), `timestamptz ${year}`).toBe(isoOf(year));
        expect(row.local!.toISOString(), `timestamp ${year}`).toBe(isoOf(year));
        expect(row.day!.toISOString(), `date ${year}`).toBe(`${pad(year)}-02-28T00:00:00.000Z`);
        expect(row.dayText, `date text ${year}`).toBe(`${pad(year)}-02-28`);
        expect(parsePgTimestamp(row.instantText!).toISOString(), `timestamptz text ${year}`).toBe(
          isoOf(year),
        );
      }
    });

    it("what PostgreSQL stored is the year sent (checked in SQL, not by the parser)", async () => {
      const { rows } = await handle.executor.executeSql(
        `select id, extract(year from day)::int as d, extract(year from local)::int as l,
           extract(year from instant at time zone 'UTC')::int as i from ${table}`,
      );
      for (const row of rows)
        expect([row.d, row.l, row.i]).toEqual([Number(row.id), Number(row.id), Number(row.id)]);
    });

    it("mapped SQL (min of a column) and a filtered, ordered read answer exactly too", async () => {
      const [row] = await handle.db
        .select({ first: sql<Date>`min(${probe.instant})`.mapWith(probe.instant) })
        .from(probe);
      expect(row!.first.toISOString()).toBe(isoOf(1));
      const [old] = await handle.db
        .select({ instant: probe.instant })
        .from(probe)
        .where(lt(probe.instant, instantOf(100)))
        .orderBy(sql`${probe.instant} desc`)
        .limit(1);
      expect(old!.instant!.toISOString()).toBe(isoOf(99));
    });

    it("the raw executor answers them exactly as well", async () => {
      const { rows } = await handle.executor.executeSql(`select id, day, local, instant from ${table}`);
      for (const row of rows) {
        const year = Number(row.id);
        const asInstant = (value: unknown) =>
          value instanceof Date ? value : parsePgTimestamp(String(value));
        expect(asInstant(row.instant).toISOString(), `raw timestamptz ${year}`).toBe(isoOf(year));
        expect(asInstant(row.local).toISOString(), `raw timestamp ${year}`).toBe(isoOf(year));
        expect(asInstant(row.day).toISOString().slice(0, 10), `raw date ${year}`).toBe(`${pad(year)}-02-28`);
      }
    });
  });
}

roundTrips("PostgreSQL (postgres.js)", async () =>
  createDatabase({ url, maxConnections: 2, connectTimeoutMs: 15_000 }),
);
roundTrips("PGlite", async () => createDatabase({ pglite: openPglite("memory://") }));
