import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { normalizePhone, normalizePhoneOrThrow } from "./phone";

describe("phones are normalized to E.164 with Israel as the default region", () => {
  it("local Israeli formats become +972", () => {
    for (const raw of [
      "050-123-4567",
      "0501234567",
      "+972 50 123 4567",
      "972501234567",
      "00972501234567",
      " (050) 1234567 ",
    ]) {
      expect(normalizePhone(raw), raw).toBe("+972501234567");
    }
  });
  it("international numbers keep their own country", () => {
    expect(normalizePhone("+1 212 555 0100")).toBe("+12125550100");
    expect(normalizePhone("+44 7911 123456")).toBe("+447911123456");
  });
  it("an unparseable or invalid phone answers VALIDATION", () => {
    for (const raw of ["abc", "12345", "050123456"]) {
      expect(normalizePhone(raw), raw).toBeNull();
      expect(() => normalizePhoneOrThrow(raw)).toThrow(AppError);
    }
  });
});
