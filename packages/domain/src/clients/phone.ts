import { parsePhoneNumberFromString } from "libphonenumber-js";
import { validation } from "../errors";

/** Israel is the default region (decisions.md "Trainees"). */
export const DEFAULT_PHONE_REGION = "IL";

/** E.164 for a valid phone number in any common format, else null. */
export function normalizePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), DEFAULT_PHONE_REGION);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** E.164, or VALIDATION 422 with the offending field named. */
export function normalizePhoneOrThrow(raw: string, field = "phone"): string {
  const phone = normalizePhone(raw);
  if (!phone) {
    throw validation(`${field}: not a valid phone number`, {
      issues: [{ path: field, message: "not a valid phone number", code: "invalid_phone" }],
    });
  }
  return phone;
}
