import { describe, expect, it } from "vitest";
import { PagingQuerySchema, queryBoolean } from "./paging";

describe("paging query", () => {
  it("defaults page 1 and pageSize 20", () => {
    expect(PagingQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
  it("accepts query strings and caps pageSize at 500", () => {
    expect(PagingQuerySchema.parse({ page: "2", pageSize: "500" })).toEqual({ page: 2, pageSize: 500 });
    expect(PagingQuerySchema.safeParse({ pageSize: "501" }).success).toBe(false);
  });
  it("page and pageSize must be positive integers", () => {
    for (const bad of [{ page: "0" }, { page: "-1" }, { pageSize: "1.5" }, { page: "abc" }]) {
      expect(PagingQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("queryBoolean", () => {
  it('reads "false" as false (unlike z.coerce.boolean)', () => {
    expect(queryBoolean.parse("false")).toBe(false);
    expect(queryBoolean.parse("0")).toBe(false);
    expect(queryBoolean.parse("true")).toBe(true);
    expect(queryBoolean.safeParse("yes").success).toBe(false);
  });
});
