import { describe, expect, it } from "vitest";
import { isAppLocked, type AppAccessInputs } from "./app-access";

const now = new Date("2026-11-22T10:00:00Z");
const base: AppAccessInputs = {
  freezeStartedAt: null,
  allowAppWhileFrozen: null,
  studioAllowsAppWhileFrozen: false,
  coverageEndsAt: null,
};

describe("requireTraineeAppAccess rule", () => {
  it("a trainee with no end date and no freeze is never locked", () => {
    expect(isAppLocked(base, now)).toBe(false);
  });
  it("locked while frozen unless the studio or the trainee override allows it", () => {
    const frozen = { ...base, freezeStartedAt: new Date("2026-11-01") };
    expect(isAppLocked(frozen, now)).toBe(true);
    expect(isAppLocked({ ...frozen, studioAllowsAppWhileFrozen: true }, now)).toBe(false);
    expect(
      isAppLocked({ ...frozen, studioAllowsAppWhileFrozen: true, allowAppWhileFrozen: false }, now),
    ).toBe(true);
    expect(isAppLocked({ ...frozen, allowAppWhileFrozen: true }, now)).toBe(false);
  });
  it("a freeze that starts in the future does not lock yet", () => {
    expect(isAppLocked({ ...base, freezeStartedAt: new Date("2026-12-01") }, now)).toBe(false);
  });
  it("locked after the coverage end, open until then", () => {
    expect(isAppLocked({ ...base, coverageEndsAt: new Date("2026-11-21") }, now)).toBe(true);
    expect(isAppLocked({ ...base, coverageEndsAt: new Date("2026-11-23") }, now)).toBe(false);
  });
});
