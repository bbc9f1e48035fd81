import { describe, expect, it } from "vitest";
import { containsPattern } from "./search-pattern";

describe("search patterns", () => {
  it("LIKE wildcards typed by the user are taken literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
