import { describe, expect, it } from "vitest";
import { positiveDecimalPattern, wholeNumberPattern } from "./numeric-pattern";

describe("numeric string patterns state their range", () => {
  it("wholeNumberPattern(min, max) accepts exactly the whole numbers in [min, max]", () => {
    for (const [min, max] of [
      [0, 5],
      [1, 200],
      [0, 20_000],
      [1, 2_147_483_647],
      [37, 1_000],
      [-2_147_483_648, 2_147_483_647],
      [-300, -5],
      [-40, 700],
    ] as const) {
      const pattern = wholeNumberPattern(min, max);
      const probe = [min - 1, min, min + 1, max - 1, max, max + 1, Math.floor((min + max) / 2)];
      for (let n = -1_100; n <= 1_100; n++) probe.push(n);
      // Spread over the whole range and around every power of ten (the digit-count seams).
      for (let i = 0; i < 3000; i++) probe.push(Math.floor(min + ((max - min) * i) / 2999) + (i % 3) - 1);
      for (let p = 1; p <= 1e10; p *= 10) probe.push(p - 1, p, p + 1, -p + 1, -p, -p - 1);
      for (const n of probe) {
        expect(pattern.test(String(n)), `${n} in [${min}, ${max}]`).toBe(n >= min && n <= max);
        const padded = n < 0 ? ` -00${-n} ` : ` +00${n} `;
        expect(pattern.test(padded), `padded ${n}`).toBe(n >= min && n <= max);
      }
      for (const bad of ["", " ", "1.5", "1e3", "abc", "12a", "0x10", "--1", "+-1"])
        expect(pattern.test(bad), bad).toBe(false);
    }
  });

  it("positiveDecimalPattern(max) accepts exactly the decimals in (0, max]", () => {
    for (const max of [300, 500, 7, 1, 10, 10_000]) {
      const pattern = positiveDecimalPattern(max);
      for (let tenths = 0; tenths <= max * 10 + 30; tenths += max > 1000 ? 7 : 1) {
        if (tenths > 0 && tenths < 10) expect(pattern.test(`0.0${tenths}`)).toBe(true);
        const text = (tenths / 10).toFixed(1);
        expect(pattern.test(text), `${text} in (0, ${max}]`).toBe(tenths > 0 && tenths <= max * 10);
        expect(pattern.test(String(tenths / 10)), `${tenths / 10}`).toBe(tenths > 0 && tenths <= max * 10);
      }
      for (const ok of [`${max}`, `${max}.000`, " 0.001 ", "00001"]) expect(pattern.test(ok), ok).toBe(true);
      for (const bad of ["0", "0.0", "00.000", "", "-1", `${max}.01`, `${max + 1}`, "1e2", "abc", ".5", "5."])
        expect(pattern.test(bad), bad).toBe(false);
    }
  });
});
