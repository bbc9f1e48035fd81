import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { resolveCoachList } from "./coach-assignments";

describe("trainee coach list and primary coach", () => {
  it("duplicates dropped, primary defaults to the first coach", () => {
    expect(resolveCoachList(["a", "b", "a"], undefined)).toEqual({
      coachIds: ["a", "b"],
      primaryCoachId: "a",
    });
    expect(resolveCoachList([], undefined)).toEqual({ coachIds: [], primaryCoachId: null });
  });
  it("a named primary is kept; an unlisted one is put first", () => {
    expect(resolveCoachList(["a", "b"], "b")).toEqual({ coachIds: ["a", "b"], primaryCoachId: "b" });
    expect(resolveCoachList(["a"], "c")).toEqual({ coachIds: ["c", "a"], primaryCoachId: "c" });
  });
  it("the current primary stays while still listed, else the first coach takes over", () => {
    expect(resolveCoachList(["a", "b"], undefined, "b")).toEqual({
      coachIds: ["a", "b"],
      primaryCoachId: "b",
    });
    expect(resolveCoachList(["a"], undefined, "b")).toEqual({ coachIds: ["a"], primaryCoachId: "a" });
  });
  it("at most 20 coaches (a named primary cannot push the list past it)", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `c${i}`);
    expect(resolveCoachList(twenty, "c0").coachIds).toHaveLength(20);
    expect(() => resolveCoachList(twenty, "extra")).toThrow(AppError);
  });
});
