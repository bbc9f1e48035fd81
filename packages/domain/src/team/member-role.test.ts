import { describe, expect, it } from "vitest";
import { memberRoleFor } from "./member-role";

describe("organization member role derived from permissionGroup and role", () => {
  it("a HEAD_COACH is admin whatever the group", () => {
    expect(memberRoleFor({ role: "HEAD_COACH", permissionGroup: null })).toBe("admin");
    expect(memberRoleFor({ role: "HEAD_COACH", permissionGroup: "trainers" })).toBe("admin");
  });
  it("a SUB_COACH in an admin-like group (case-insensitive) is admin, otherwise member; nothing derives owner", () => {
    for (const group of ["admin", " Administrator ", "MANAGER", "head_coach"])
      expect(memberRoleFor({ role: "SUB_COACH", permissionGroup: group })).toBe("admin");
    for (const group of [null, "", "trainers", "owner"])
      expect(memberRoleFor({ role: "SUB_COACH", permissionGroup: group })).toBe("member");
  });
});
