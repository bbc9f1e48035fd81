import { describe, expect, it } from "vitest";
import { CoachDismissInput, CoachListQuery } from "./team";

describe("GET /v1/web/coaches active coercion", () => {
  it("absent means active; any non-empty string, including false, means true; only an empty value means false", () => {
    expect(CoachListQuery.parse({}).active).toBe(true);
    for (const value of ["true", "false", "0", "no", " "])
      expect(CoachListQuery.parse({ active: value }).active, value).toBe(true);
    expect(CoachListQuery.parse({ active: "" }).active).toBe(false);
  });
});

describe("DELETE /v1/web/coaches/:id body", () => {
  it("is optional: tasks default discard, clients default unassign", () => {
    expect(CoachDismissInput.parse({ id: "c" })).toEqual({
      id: "c",
      tasks: { mode: "discard" },
      clients: { mode: "unassign" },
    });
  });
  it("reassign takes 1 to 50 coach ids", () => {
    const ok = { id: "c", tasks: { mode: "reassign", coachIds: ["a"] } };
    expect(CoachDismissInput.safeParse(ok).success).toBe(true);
    expect(CoachDismissInput.safeParse({ id: "c", tasks: { mode: "reassign", coachIds: [] } }).success).toBe(
      false,
    );
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `c${i}`);
    expect(
      CoachDismissInput.safeParse({ id: "c", clients: { mode: "reassign", coachIds: fiftyOne } }).success,
    ).toBe(false);
    expect(CoachDismissInput.safeParse({ id: "c", clients: { mode: "discard" } }).success).toBe(false);
  });
});
