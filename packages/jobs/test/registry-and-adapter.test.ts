import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRequire } from "node:module";
import {
  encodePgArray,
  isCompletionStatement,
  toSqlParam,
  unwrapScript,
  yieldingBossDb,
} from "../src/boss-db";
import { createJobRegistry, defineJob } from "../src/index";
import PgBoss from "pg-boss";

const base = {
  payload: z.object({}),
  retryLimit: 1,
  retryDelaySec: 1,
  retryBackoff: true,
  async handler() {},
};

describe("defineJob / createJobRegistry", () => {
  it("rejects settings pg-boss would refuse at send time", () => {
    expect(() => defineJob({ ...base, name: "bad name" })).toThrow(/name/);
    expect(() => defineJob({ ...base, name: "x", retryLimit: -1 })).toThrow(/retryLimit/);
    expect(() => defineJob({ ...base, name: "x", retryDelaySec: 1.5 })).toThrow(/retryDelaySec/);
    expect(() => defineJob({ ...base, name: "x", expireInSeconds: 0 })).toThrow(/expireInSeconds/);
    expect(() => defineJob({ ...base, name: "x", expireInSeconds: 24 * 3600 })).toThrow(/expireInSeconds/);
    expect(() =>
      defineJob({
        ...base,
        name: "x",
        payload: z.object({ n: z.number() }),
        schedule: { cron: "* * * * *", payload: {} as never },
      }),
    ).toThrow();
  });

  it("refuses two jobs with one name", () => {
    const a = defineJob({ ...base, name: "same" });
    expect(() => createJobRegistry([a, a])).toThrow(/defined twice/);
    expect(createJobRegistry([a]).get("same")).toBe(a);
  });
});

describe("pg-boss parameter and script adapter", () => {
  it("encodes parameters the way node-postgres would", () => {
    expect(toSqlParam(undefined)).toBeNull();
    expect(toSqlParam(null)).toBeNull();
    expect(toSqlParam(3)).toBe(3);
    expect(toSqlParam("x")).toBe("x");
    expect(toSqlParam(true)).toBe(true);
    expect(toSqlParam({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
    expect(toSqlParam(new Date("2030-01-01T00:00:00Z"))).toBe("2030-01-01T00:00:00.000Z");
    expect(toSqlParam(["id-1", "id-2"])).toBe('{"id-1","id-2"}');
  });

  it("escapes array elements", () => {
    expect(encodePgArray(['a"b', "c\\d", null, 4, ["e"]])).toBe('{"a\\"b","c\\\\d",NULL,4,{"e"}}');
    expect(encodePgArray([])).toBe("{}");
  });

  it("unwraps pg-boss's BEGIN/COMMIT scripts into one implicit transaction", () => {
    const install = PgBoss.getConstructionPlans("pgboss_x");
    const script = unwrapScript(install, []);
    expect(script).toBeDefined();
    expect(script).not.toMatch(/^\s*BEGIN\s*;/i);
    expect(script).not.toMatch(/COMMIT\s*;?\s*$/i);
    expect(script).toContain("CREATE TABLE pgboss_x.job");
    // plpgsql bodies keep their own BEGIN ... END.
    expect(script).toMatch(/\$\$\s*DECLARE[\s\S]*BEGIN[\s\S]*END;\s*\$\$/);
    expect(unwrapScript("SELECT 1", [])).toBeUndefined();
    expect(unwrapScript("SELECT $1; SELECT 2", [1])).toBeUndefined();
    expect(unwrapScript("SELECT 1; SELECT 2", [])).toBe("SELECT 1; SELECT 2");
  });

  it("recognises pg-boss's complete() and fail() statements, and only those", () => {
    // pg-boss's internal SQL builders (not public API), so a pg-boss update that changes them fails here.
    const plans = createRequire(import.meta.url)("pg-boss/src/plans.js") as Record<
      string,
      (schema: string) => string | ((options: object) => string)
    >;
    const sql = (name: string) => plans[name]!("pgboss") as string;
    expect(isCompletionStatement(sql("completeJobs"))).toBe(true);
    expect(isCompletionStatement(sql("failJobsById"))).toBe(true);
    for (const other of ["insertJob", "insertJobs", "cancelJobs", "getJobById", "createQueue", "schedule"]) {
      expect(isCompletionStatement(sql(other)), other).toBe(false);
    }
    const fetchNextJob = plans.fetchNextJob!("pgboss") as (options: object) => string;
    expect(isCompletionStatement(fetchNextJob({ includeMetadata: true }))).toBe(false);
  });

  it("on PGlite, each statement first waits a turn of the event loop (a chain of them does not hold it)", async () => {
    const order: string[] = [];
    const db = yieldingBossDb({
      async executeSql(text) {
        order.push(text);
        return { rows: [{ text }] };
      },
    });
    // A statement settles in the microtask queue, as PGlite's do: without the turn of the loop,
    // the three statements ran before the immediate queued next to them (a request waiting).
    setImmediate(() => order.push("loop turn"));
    const chain = (async () => {
      for (const text of ["one", "two", "three"]) await db.executeSql(text, []);
    })();
    await chain;
    expect(order).toEqual(["loop turn", "one", "two", "three"]);
    expect(await db.executeSql("four", [1])).toEqual({ rows: [{ text: "four" }] });
  });
});
