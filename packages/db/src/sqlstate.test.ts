import { describe, expect, it } from "vitest";
import {
  errorCode,
  hasSqlState,
  isExclusionViolation,
  isForeignKeyViolation,
  isUniqueViolation,
  isUnavailableSqlState,
  sqlState,
  SQLSTATE,
} from "./sqlstate";

/** A server error as postgres.js and PGlite raise it: a code beside a severity. */
const serverError = (code: string) => Object.assign(new Error(code), { code, severity: "ERROR" });

describe("sqlstate", () => {
  it("reads the SQLSTATE of a server error only", () => {
    expect(sqlState(serverError("23505"))).toBe("23505");
    expect(sqlState(Object.assign(new Error("x"), { code: "23505" }))).toBeUndefined();
    expect(
      sqlState(Object.assign(new Error("x"), { code: "ECONNREFUSED", severity: "ERROR" })),
    ).toBeUndefined();
    expect(sqlState("23505")).toBeUndefined();
    expect(errorCode(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe("ECONNREFUSED");
    expect(errorCode({ code: 5 })).toBeUndefined();
  });

  it("finds a state through the ORM's wrapper, and no other", () => {
    const wrapped = new Error("Failed query", { cause: serverError("23505") });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isForeignKeyViolation(wrapped)).toBe(false);
    expect(isForeignKeyViolation(new Error("q", { cause: serverError("23503") }))).toBe(true);
    expect(isExclusionViolation(new Error("q", { cause: serverError("23P01") }))).toBe(true);
    expect(hasSqlState(new Error("plain"), SQLSTATE.uniqueViolation)).toBe(false);
    const loop: { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isUniqueViolation(loop)).toBe(false);
  });

  it("names the codes of a server going away or refusing connections", () => {
    for (const code of ["57P01", "57P02", "57P03", "53300", "08006", "08001"])
      expect(isUnavailableSqlState(code)).toBe(true);
    for (const code of ["23505", "57014", "ECONNREFUSED", undefined])
      expect(isUnavailableSqlState(code)).toBe(false);
  });
});
