import { describe, expect, it } from "vitest";
import { splitLeadName } from "./convert-lead";
import { copyName, LEAD_COPY_SUFFIX } from "./duplicate-lead";
import { containsPattern } from "./get-crm-board";

describe("CRM pure rules", () => {
  it("convert step 2: the lead name is split on whitespace, the first word is firstName, the rest lastName", () => {
    expect(splitLeadName("Noa Levi")).toEqual({ firstName: "Noa", lastName: "Levi" });
    expect(splitLeadName("  Noa \t Bat   Levi ")).toEqual({ firstName: "Noa", lastName: "Bat Levi" });
    expect(splitLeadName("נועה")).toEqual({ firstName: "נועה", lastName: "" });
  });

  it("duplicate: the name is the original plus a Hebrew copy suffix, within 200 characters", () => {
    expect(copyName("Noa")).toBe(`Noa${LEAD_COPY_SUFFIX}`);
    expect(LEAD_COPY_SUFFIX).toMatch(/[\u0590-\u05FF]/);
    const long = copyName("x".repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith(LEAD_COPY_SUFFIX)).toBe(true);
  });

  it("board search: LIKE wildcards and the escape character in the search text match literally", () => {
    expect(containsPattern("dana")).toBe("%dana%");
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
