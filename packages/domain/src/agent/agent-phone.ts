import { normalizePhone } from "../clients/phone";

/**
 * A sender's phone in E.164: any common format (Israel the default region), or the provider's
 * international digits without "+" (WhatsApp's wa_id, e.g. 972501234567). Null when invalid.
 */
export function normalizeSenderPhone(raw: string): string | null {
  const direct = normalizePhone(raw);
  if (direct) return direct;
  const digits = raw.trim();
  return /^\d{8,15}$/.test(digits) ? normalizePhone(`+${digits}`) : null;
}
