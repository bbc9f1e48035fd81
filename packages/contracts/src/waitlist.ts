import { z } from "zod";
import { boundedString } from "./bounded";

/** Document 3 "POST /v1/public/waitlist-leads": the field limits. */
export const WAITLIST_LIMITS = {
  name: 120,
  phoneMin: 7,
  phone: 30,
  /** At least this many digits in the phone. */
  phoneDigits: 7,
  businessName: 160,
  source: 60,
  /** Sign-ups per visitor address per window (WAITLIST_RATE_LIMIT overrides the count). */
  perAddress: 20,
  windowSeconds: 600,
} as const;

export const WAITLIST_DEFAULT_SOURCE = "landing";

const digitCount = (value: string) => value.replace(/\D/g, "").length;

/**
 * The waitlist body: name 1 to 120, phone 7 to 30 with at least 7 digits, business name at most
 * 160, source at most 60 (default landing); every string trimmed, NUL refused. A blank business
 * name is stored as null and a blank source as landing (the operation decides, not a transform).
 */
export const WaitlistLeadInput = z.object({
  name: boundedString(WAITLIST_LIMITS.name, { trim: true, min: 1 }),
  phone: boundedString(WAITLIST_LIMITS.phone, { trim: true, min: WAITLIST_LIMITS.phoneMin }).refine(
    (value) => digitCount(value) >= WAITLIST_LIMITS.phoneDigits,
    `must contain at least ${WAITLIST_LIMITS.phoneDigits} digits`,
  ),
  businessName: boundedString(WAITLIST_LIMITS.businessName, { trim: true }).optional(),
  source: boundedString(WAITLIST_LIMITS.source, { trim: true }).optional(),
});
export type WaitlistLeadInput = z.input<typeof WaitlistLeadInput>;

/** The created lead, answered bare (no envelope) and, after the response, forwarded as is. */
export const WaitlistLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  phone: z.string().describe("as entered (trimmed)"),
  source: z.string(),
  createdAt: z.string().describe("ISO 8601"),
});
export type WaitlistLead = z.infer<typeof WaitlistLeadSchema>;
