import { describe, expect, it } from "vitest";
import { FULL_PERMISSIONS } from "@studio/contracts";
import { effectivePermissions } from "./coach-access";

describe("permissions blob", () => {
  it("a HEAD_COACH holds every permission whatever is stored", () => {
    expect(effectivePermissions("HEAD_COACH", { trainees: "assigned", leads: false })).toEqual(
      FULL_PERMISSIONS,
    );
  });
  it("a SUB_COACH with no blob or an invalid blob holds every permission", () => {
    expect(effectivePermissions("SUB_COACH", null)).toEqual(FULL_PERMISSIONS);
    expect(effectivePermissions("SUB_COACH", { trainees: "some" })).toEqual(FULL_PERMISSIONS);
  });
  it("a SUB_COACH with a valid blob holds what it says, missing members defaulted", () => {
    expect(effectivePermissions("SUB_COACH", { trainees: "assigned", billing: false })).toEqual({
      ...FULL_PERMISSIONS,
      trainees: "assigned",
      billing: false,
    });
  });
});
