import { describe, expect, it } from "vitest";
import { queryName, serializeError } from "./serialize-error";

const PHONE = "+972501234567";

/** The shape Drizzle 0.45 throws (DrizzleQueryError): SQL text and every parameter in the message. */
class DrizzleQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
    this.cause = cause;
  }
}

describe("serializeError", () => {
  it("keeps name, message, SQLSTATE, query name and schema identifiers; drops parameters and row data", () => {
    const driver = Object.assign(new Error('new row for relation "leads" violates check constraint "c1"'), {
      name: "PostgresError",
      severity: "ERROR",
      code: "23514",
      detail: `Failing row contains (Dana Levi, ${PHONE}).`,
      hint: "check the phone",
      where: `SQL function with ${PHONE}`,
      table_name: "leads",
      constraint_name: "c1",
      query: 'insert into "leads" ("name", "phone") values ($1, $2) returning "id"',
      parameters: ["Dana Levi", PHONE],
    });
    const wrapped = new DrizzleQueryError(driver.query, ["Dana Levi", PHONE], driver);
    const out = serializeError(wrapped);
    const text = JSON.stringify(out);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain("Dana Levi");
    expect(text).not.toContain("values ($1");
    expect(out).toMatchObject({
      name: "DrizzleQueryError",
      message: "failed query",
      query: "insert leads",
      cause: {
        name: "PostgresError",
        code: "23514",
        table: "leads",
        constraint: "c1",
        query: "insert leads",
        message: 'new row for relation "leads" violates check constraint "c1"',
      },
    });
    expect(out.stack).toMatch(/^at /);
    expect(out.stack).not.toContain("Failed query");
  });

  it("hides the value a data exception quotes", () => {
    const error = Object.assign(new Error(`invalid input syntax for type integer: "Dana ${PHONE}"`), {
      code: "22P02",
      severity: "ERROR",
    });
    const out = serializeError(error);
    expect(out.message).toBe('invalid input syntax for type integer: "[value]"');
    const range = serializeError(
      Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: "22003" }),
    );
    expect(range.message).not.toContain("99999999999");
  });

  it("caps the message and the depth of causes, and handles non-errors", () => {
    const long = serializeError(new Error("z".repeat(1024 * 1024)));
    expect(long.message.length).toBeLessThan(600);
    let e: Error = new Error("root");
    for (let i = 0; i < 10; i++) e = new Error(`level ${i}`, { cause: e });
    const out = serializeError(e);
    expect(JSON.stringify(out).length).toBeLessThan(20_000);
    expect(out.cause?.cause?.cause?.cause).toEqual({ name: "cause", message: "[too deep]" });
    expect(serializeError(`text with ${PHONE}`)).toEqual({ name: "string", message: "text with [phone]" });
    expect(serializeError(undefined)).toEqual({ name: "undefined", message: "undefined" });
  });

  it("keeps a Node error code and an AppError-like code, never extra properties", () => {
    const out = serializeError(
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED", body: PHONE }),
    );
    expect(out.code).toBe("ECONNREFUSED");
    expect(JSON.stringify(out)).not.toContain(PHONE);
  });
});

describe("queryName", () => {
  it("names the statement by verb and first table, never by its values", () => {
    expect(queryName('insert into "leads" ("name") values ($1)')).toBe("insert leads");
    expect(queryName('update "clients" set "phone" = $1 where "id" = $2')).toBe("update clients");
    expect(queryName('delete from "tasks" where "id" = $1')).toBe("delete tasks");
    expect(queryName('select "id" from "pgboss"."job" where name = $1')).toBe("select pgboss.job");
    expect(queryName("select 'Dana Levi', '+972501234567'")).toBe("select");
    expect(queryName("  -- comment\n/* c */ SELECT 1")).toBe("select");
    expect(queryName("")).toBeUndefined();
  });
});
