import { normalizePhone } from "../clients/phone";

/** The provider's international digits without "+" (WhatsApp's wa_id, e.g. 972501234567, 12125550100). */
const INTERNATIONAL_DIGITS = /^[1-9]\d{7,14}$/;

/**
 * A sender's phone in E.164. The messaging provider sends international digits without "+"
 * (WhatsApp's wa_id), so bare digits are read as international first (12125550100 is a New York
 * number, not an Israeli one); anything else, or digits with no international reading (a local
 * 0501234567), in any common format with Israel the default region. Null when invalid.
 */
export function normalizeSenderPhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (INTERNATIONAL_DIGITS.test(trimmed)) {
    const international = normalizePhone(`+${trimmed}`);
    if (international) return international;
  }
  return normalizePhone(raw);
}
