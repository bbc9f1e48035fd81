import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { normalizeSenderPhone } from "../agent/agent-phone";
import { normalizePhone, normalizePhoneOrThrow } from "./phone";

// Property tests (fast-check) of phone normalization (issue 16): any string (their contract is a
// string; the input schemas bound it) never throws; the answer is null or E.164 and a fixed
// point; the throwing variant throws only VALIDATION naming its field. FC_SEED replays a run.

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
console.warn(`phone.property: seed ${SEED} (replay with FC_SEED=${SEED})`);
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

const E164 = /^\+[1-9]\d{6,14}$/;
const digitsLike = fc.string({
  unit: fc.constantFrom(
    "0",
    "1",
    "2",
    "5",
    "7",
    "9",
    "+",
    " ",
    "-",
    "(",
    ")",
    ".",
    "x",
    "#",
    "*",
    "\u0000",
    "\uD800",
    "٣",
  ),
  maxLength: 30,
});
const phoneLike = fc.oneof(
  digitsLike,
  fc.integer({ min: 20_000_000, max: 89_999_999 }).map((n) => `05${n}`),
  fc.integer({ min: 20_000_000, max: 89_999_999 }).map((n) => `+9725${n}`),
  fc.integer({ min: 20_000_000, max: 89_999_999 }).map((n) => `9725${n}`),
  fc.constantFrom(
    "+1 212 555 0100",
    "+44 7911 123456",
    "tel:+972501234567",
    "+972501234567;ext=1",
    "00972501234567",
  ),
  fc.string({ maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "9".repeat(250), "9".repeat(251), "+".repeat(10_000), "0".repeat(1_000_000)),
);

describe("phone normalization: properties", () => {
  it("normalizePhone: never throws; null or E.164; a fixed point", () => {
    fc.assert(
      fc.property(phoneLike, (raw) => {
        const phone = normalizePhone(raw);
        if (phone === null) return;
        expect(phone).toMatch(E164);
        expect(normalizePhone(phone)).toBe(phone);
        expect(normalizePhone(` ${phone} `)).toBe(phone);
      }),
      runs(600),
    );
  });

  it("normalizeSenderPhone: never throws; null or E.164; agrees with normalizePhone; a fixed point", () => {
    fc.assert(
      fc.property(phoneLike, (raw) => {
        const phone = normalizeSenderPhone(raw);
        const trimmed = raw.trim();
        const international = /^[1-9]\d{7,14}$/.test(trimmed) ? normalizePhone(`+${trimmed}`) : null;
        const direct = normalizePhone(raw);
        if (international) expect(phone).toBe(international);
        else if (direct) expect(phone).toBe(direct);
        if (phone === null) return;
        expect(phone).toMatch(E164);
        expect(normalizeSenderPhone(phone)).toBe(phone);
        // The provider's digits without "+" read as the same number, whatever the country.
        expect(normalizeSenderPhone(phone.slice(1))).toBe(phone);
      }),
      runs(600),
    );
  });

  it("normalizePhoneOrThrow: E.164 or AppError VALIDATION with the field as the issue path", () => {
    fc.assert(
      fc.property(phoneLike, fc.constantFrom("phone", "ownerPhone", "contacts.0.phone"), (raw, field) => {
        let phone: string | undefined;
        try {
          phone = normalizePhoneOrThrow(raw, field);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          const e = error as AppError;
          expect(e.code).toBe("VALIDATION");
          expect(e.details).toStrictEqual({
            issues: [{ path: field, message: "not a valid phone number", code: "invalid_phone" }],
          });
          expect(normalizePhone(raw)).toBeNull();
          return;
        }
        expect(phone).toBe(normalizePhone(raw));
        expect(normalizePhoneOrThrow(phone, field)).toBe(phone);
      }),
      runs(400),
    );
  });

  it("a foreign wa_id reads as its own country, a local Israeli number as Israeli", () => {
    expect(normalizeSenderPhone("12125550100")).toBe("+12125550100");
    expect(normalizeSenderPhone("+12125550100")).toBe("+12125550100");
    expect(normalizeSenderPhone("972501234567")).toBe("+972501234567");
    expect(normalizeSenderPhone("0501234567")).toBe("+972501234567");
    expect(normalizeSenderPhone("050-123-4567")).toBe("+972501234567");
  });
});
